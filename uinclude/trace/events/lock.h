/* Shim: no tracepoints in user space. */
#define trace_lock_acquire(...)	do { } while (0)
#define trace_lock_release(...)	do { } while (0)
#define trace_lock_acquired(...)	do { } while (0)
#define trace_lock_contended(...)	do { } while (0)
