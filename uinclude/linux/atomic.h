/* Shim: the few kernel atomics lockdep uses, as gcc __atomic builtins. */
#ifndef LIBLOCKDEP_SHIM_ATOMIC_H
#define LIBLOCKDEP_SHIM_ATOMIC_H
#include <linux/types.h>
#include <asm/barrier.h>

#define xchg(p, v)		__atomic_exchange_n(p, v, __ATOMIC_SEQ_CST)
#define atomic_read(v)		__atomic_load_n(&(v)->counter, __ATOMIC_RELAXED)
#define atomic_set(v, i)	__atomic_store_n(&(v)->counter, i, __ATOMIC_RELAXED)
#define atomic_inc(v)		((void)__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_dec(v)		((void)__atomic_sub_fetch(&(v)->counter, 1, __ATOMIC_RELAXED))
#define atomic_inc_return(v)	__atomic_add_fetch(&(v)->counter, 1, __ATOMIC_SEQ_CST)
#define atomic_long_read(v)	atomic_read(v)
#define atomic_long_inc(v)	atomic_inc(v)
#endif
