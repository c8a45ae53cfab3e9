/*
 * liblockdep: the Linux kernel's lock validator (lockdep) for user-space C programs.
 *
 * Lockdep learns the order in which classes of locks are taken and reports a
 * deadlock that *could* happen (an AB-BA inversion, a cycle over many locks, a lock
 * taken twice, a bad unlock) the first time the bad order is seen.
 *
 * USE
 *   Copy liblockdep.c and liblockdep.h into your tree, compile liblockdep.c with your
 *   program, and build everything with -DLIBLOCKDEP to turn checking on:
 *
 *       cc -DLIBLOCKDEP -include liblockdep.h -pthread prog.c liblockdep.c
 *
 *   "-include liblockdep.h" checks every file without editing any; including it
 *   anywhere in a file (before or after <pthread.h>) checks that file. Calls of
 *   pthread_mutex_* and pthread_rwlock_* in checked files go to liblockdep, which
 *   validates each acquisition *before* blocking and then calls the real function;
 *   return values and errno are pthread's own. Lock objects keep their size and
 *   layout, so checked and unchecked files can share them. No init call is needed.
 *
 *   Without -DLIBLOCKDEP this header declares nothing (the annotations below become
 *   no-ops) and liblockdep.c compiles to an empty unit.
 *
 *   In C++ and C23 files the pthread calls are routed only when <pthread.h> is
 *   included before this header; for C++ code whose locking happens inside a library
 *   (std::mutex), use the preload runner.
 *
 * CLASSES
 *   A lock initialised by pthread_*_init() belongs to the class of that call site.
 *   A statically initialised lock in static storage is its own class, named after
 *   its symbol. A lock never initialised by a call (zeroed memory) belongs to the
 *   class of the call site that first locks it.
 *
 * COMPILE-TIME CAPACITY (defaults are the kernel's)
 *   LIBLOCKDEP_MAX_LOCK_DEPTH      locks one thread may hold at once (64)
 *   LIBLOCKDEP_DEPENDENCY_BITS     log2 of dependency entries (15)
 *   LIBLOCKDEP_CHAIN_BITS          log2 of lock chains (16)
 *   LIBLOCKDEP_STACK_TRACE_BITS    log2 of saved stack-trace entries (19)
 *
 * LICENCE
 *   GPL-2.0, because the kernel's lockdep (which liblockdep.c contains) is.
 */
#ifndef LIBLOCKDEP_H
#define LIBLOCKDEP_H

#ifdef LIBLOCKDEP

#ifdef __cplusplus
extern "C" {
#endif

/* Compatibility with the 2013 liblockdep; never required. */
void liblockdep_init(void);
void liblockdep_set_thread(void);

#ifdef __cplusplus
}
#endif

/*
 * Routing: each pthread name is redeclared with an assembler label naming the checked
 * version, so every call in this file, and every address taken of the function, goes
 * to liblockdep. Unlike a macro this leaves <pthread.h>'s declarations untouched, so
 * the header can be force-included before any system header. Before <pthread.h> the
 * redeclaration has no parameter list (C17 and earlier), and pthread.h's prototype
 * completes it.
 */
#if !defined(__cplusplus) || defined(_PTHREAD_H)
#if defined(_PTHREAD_H)
#define LIBLOCKDEP_PARAMS_(params) params
#elif !defined(__STDC_VERSION__) || __STDC_VERSION__ <= 201710L
#define LIBLOCKDEP_PARAMS_(params) ()
#endif

#ifdef LIBLOCKDEP_PARAMS_
#ifdef __cplusplus
#define LIBLOCKDEP_ROUTE_(ret, name, params) \
	extern "C" ret name LIBLOCKDEP_PARAMS_(params) __THROW __asm__("liblockdep_" #name);
#else
#define LIBLOCKDEP_ROUTE_(ret, name, params) \
	extern ret name LIBLOCKDEP_PARAMS_(params) __asm__("liblockdep_" #name);
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wredundant-decls"
#ifndef __cplusplus
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#endif
#if defined(__clang__) && defined(__has_warning)
#if __has_warning("-Wdeprecated-non-prototype")
#pragma GCC diagnostic ignored "-Wdeprecated-non-prototype"
#endif
#endif
LIBLOCKDEP_ROUTE_(int, pthread_mutex_init, (pthread_mutex_t *, const pthread_mutexattr_t *))
LIBLOCKDEP_ROUTE_(int, pthread_mutex_destroy, (pthread_mutex_t *))
LIBLOCKDEP_ROUTE_(int, pthread_mutex_lock, (pthread_mutex_t *))
LIBLOCKDEP_ROUTE_(int, pthread_mutex_trylock, (pthread_mutex_t *))
LIBLOCKDEP_ROUTE_(int, pthread_mutex_unlock, (pthread_mutex_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_init, (pthread_rwlock_t *, const pthread_rwlockattr_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_destroy, (pthread_rwlock_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_rdlock, (pthread_rwlock_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_wrlock, (pthread_rwlock_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_trywrlock, (pthread_rwlock_t *))
LIBLOCKDEP_ROUTE_(int, pthread_rwlock_unlock, (pthread_rwlock_t *))
#pragma GCC diagnostic pop
#undef LIBLOCKDEP_ROUTE_
#undef LIBLOCKDEP_PARAMS_
#else
#error "liblockdep.h: in C23 and later, include <pthread.h> before liblockdep.h"
#endif
#endif /* routing */

#else /* !LIBLOCKDEP: checking compiled out */

#define liblockdep_init()		((void)0)
#define liblockdep_set_thread()		((void)0)

#endif /* LIBLOCKDEP */
#endif /* LIBLOCKDEP_H */
