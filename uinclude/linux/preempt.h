/* Shim: the kernel's preempt count records irq nesting; here only hard-irq context
 * (a signal handler, linux/irqflags.h) exists, and no softirqs or NMIs. */
#ifndef LIBLOCKDEP_SHIM_PREEMPT_H
#define LIBLOCKDEP_SHIM_PREEMPT_H
#include <linux/irqflags.h>
#define SOFTIRQ_SHIFT		8
#define HARDIRQ_SHIFT		16
#define hardirq_count()		((unsigned long)lockdep_hardirq_context() << HARDIRQ_SHIFT)
#define softirq_count()		0UL
#define in_nmi()		0
#define in_softirq()		0
#define in_hardirq()		lockdep_hardirq_context()
#define in_interrupt()		lockdep_hardirq_context()
#define raw_cpu_read(var)	(var)
#endif
