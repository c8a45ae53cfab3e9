/* Shim: "interrupts" are a per-thread virtual flag. Lockdep disables them around its
 * own work and asserts they are off; in user space nothing interrupts lockdep but a
 * signal handler, which does not enter lockdep while it is busy (src/signals.c).
 * Disabling "interrupts" for lockdep also marks an RCU read-side section, as it does
 * in the kernel (lockdep's hash lookups rely on that). They are off, too, while a
 * thread blocks every signal that has a handler; signal handlers are hard-irq
 * context (src/signals.c). */
#ifndef LIBLOCKDEP_SHIM_IRQFLAGS_H
#define LIBLOCKDEP_SHIM_IRQFLAGS_H
#include <linux/types.h>
#include <asm/percpu.h>

struct task_struct;

struct irqtrace_events {
	unsigned int	irq_events;
	unsigned long	hardirq_enable_ip;
	unsigned long	hardirq_disable_ip;
	unsigned int	hardirq_enable_event;
	unsigned int	hardirq_disable_event;
	unsigned long	softirq_disable_ip;
	unsigned long	softirq_enable_ip;
	unsigned int	softirq_disable_event;
	unsigned int	softirq_enable_event;
};

/* Threads start with "interrupts" (handled signals) off: no handler is installed
 * yet, so none can interrupt them. They come on at a thread's first entry into
 * liblockdep after a handler is installed that its mask lets in (src/signals.c). */
static __thread int hardirqs_enabled;
static __thread int hardirq_context;
/* Interrupts are off while lockdep works, and while the thread blocks every handled
 * signal (or, in a handler, while its mask does), which holds while there is none. */
/* In the thread's task, beside what else the fast path's gate tests (linux/sched.h). */
#define liblockdep_irqs_off		(liblockdep_task.irqs_off)
/* In the thread's task too; 1 as a thread starts (src/task.c). */
#define liblockdep_signals_off		(liblockdep_task.signals_off)
/* Its bit beside "off": signals of handlers that have not locked yet can arrive
 * (src/handler_usage.c); fast-path steps are learned apart for it. */
#define SIGNALS_PENDING	2

static void liblockdep_rcu_read_lock(void);
static void liblockdep_rcu_read_unlock(void);

#define lockdep_hardirq_context()	(this_cpu_read(hardirq_context))
#define lockdep_hardirqs_enabled()	(this_cpu_read(hardirqs_enabled))
#define lockdep_softirq_context(p)	((p)->softirq_context)
#define lockdep_softirqs_enabled(p)	((p)->softirqs_enabled)
#define lockdep_hardirq_enter() do {					\
	if (__this_cpu_inc_return(hardirq_context) == 1)		\
		current->hardirq_threaded = 0;				\
} while (0)
#define lockdep_hardirq_threaded()	do { current->hardirq_threaded = 1; } while (0)
#define lockdep_hardirq_exit()		do { __this_cpu_dec(hardirq_context); } while (0)
#define lockdep_hrtimer_enter(t)	0
#define lockdep_hrtimer_exit(c)		do { } while (0)

#define irqs_disabled_flags(flags)	((flags) != 0 || (liblockdep_signals_off & 1))
#define raw_irqs_disabled_flags(flags)	irqs_disabled_flags(flags)
#define irqs_disabled()			irqs_disabled_flags(liblockdep_irqs_off)
#define raw_irqs_disabled()		irqs_disabled()

/* The read section spans the flag: a signal that comes while the flag is set finds
 * the thread inside liblockdep and waits until it leaves (src/signals.c). */
#define raw_local_irq_save(flags) do {					\
	(flags) = liblockdep_irqs_off;					\
	if (!(flags))							\
		liblockdep_rcu_read_lock();				\
	liblockdep_irqs_off = 1;					\
} while (0)
#define raw_local_irq_restore(flags) do {				\
	liblockdep_irqs_off = (flags);					\
	if (!(flags))							\
		liblockdep_rcu_read_unlock();				\
} while (0)
#define local_irq_save(flags)		raw_local_irq_save(flags)
#define local_irq_restore(flags)	raw_local_irq_restore(flags)
#define raw_local_irq_disable()		do { unsigned long __f; raw_local_irq_save(__f); (void)__f; } while (0)
#define raw_local_irq_enable()		raw_local_irq_restore(0UL)
#define local_irq_disable()		raw_local_irq_disable()
#define local_irq_enable()		raw_local_irq_enable()

static void lockdep_hardirqs_on_prepare(void);
static void lockdep_hardirqs_on(unsigned long ip);
static void lockdep_hardirqs_off(unsigned long ip);
static void lockdep_softirqs_on(unsigned long ip);
static void lockdep_softirqs_off(unsigned long ip);
#endif
