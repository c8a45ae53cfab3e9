/* Shim: no softirqs or NMIs in user space; hard-irq context is a signal handler. */
#include <linux/preempt.h>
