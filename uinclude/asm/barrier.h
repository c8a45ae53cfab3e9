/* Shim: memory barriers as C11 fences (the kernel's are the same orderings). */
#ifndef LIBLOCKDEP_SHIM_BARRIER_H
#define LIBLOCKDEP_SHIM_BARRIER_H
#include <linux/compiler.h>
#define mb()			__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()		__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()		__atomic_thread_fence(__ATOMIC_RELEASE)
#define smp_mb__after_atomic()	smp_mb()
#define smp_mb__before_atomic()	smp_mb()
#define smp_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
#define smp_load_acquire(p)	__atomic_load_n(p, __ATOMIC_ACQUIRE)
#endif
