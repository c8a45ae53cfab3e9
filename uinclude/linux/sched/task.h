/* Shim: task reference counting is a no-op for thread-local tasks (see linux/sched.h). */
#include <linux/sched.h>
