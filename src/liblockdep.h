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
 *   In C++ and C23 files the pthread (signal) calls are routed only when <pthread.h>
 *   (<signal.h>) is included before this header; for C++ code whose locking happens inside a library
 *   (std::mutex), use the preload runner.
 *
 * SIGNAL HANDLERS
 *   A handler installed by sigaction() or signal() in a checked file runs as
 *   lockdep's hard-irq context, and a thread has "interrupts" off while its mask
 *   (pthread_sigmask, sigprocmask) blocks every handled signal. A lock taken in a
 *   handler and also where the signal can arrive is reported as the kernel reports
 *   it for an interrupt handler.
 *
 * PRELOAD
 *   "./lockdep ./prog" checks a program that was not rebuilt at all: it runs it with
 *   liblockdep.so preloaded (make preload: liblockdep.c built with
 *   -DLIBLOCKDEP_PRELOAD), which takes the place of the C library's locking
 *   functions in the program and every library it uses. Such a program can still
 *   call the annotations below: build it with -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD (this
 *   header then declares them and routes nothing) and link it with the library
 *   (-Lbuild -llockdep).
 *
 * CLASSES
 *   A lock initialised by pthread_*_init() belongs to the class of that call site.
 *   A statically initialised lock in static storage is its own class, named after
 *   its symbol. A lock never initialised by a call (zeroed memory) belongs to the
 *   class of the call site that first locks it. LIBLOCKDEP_CLASSES changes the
 *   first and the last: =stack makes the call site and its two callers the class
 *   (the callers of a generic lock allocator get classes of their own); =instance
 *   makes every lock its own class, freed when the lock is destroyed (as
 *   ThreadSanitizer and Helgrind see locks: no reports for nesting one class, and no
 *   inversions found across different objects either).
 *
 * RUN TIME (environment, read once at start)
 *   LIBLOCKDEP=0|1                 validation off or on (default on; built with
 *                                  -DLIBLOCKDEP_DEFAULT_OFF, off until LIBLOCKDEP=1)
 *   LIBLOCKDEP_LOG=path            reports go to this file, appended; %p is the pid
 *   LIBLOCKDEP_EXITCODE=N          exit status if any report was printed (66; 0 keeps
 *                                  the program's own)
 *   LIBLOCKDEP_ABORT=1             abort() right after the first report
 *   LIBLOCKDEP_SUMMARY=1           one line of totals at exit
 *   LIBLOCKDEP_DUMP=dir            at exit: lockdep, lockdep_chains, lockdep_stats (the
 *                                  kernel's /proc views) and lockdep.dot (Graphviz)
 *   LIBLOCKDEP_SYMBOLIZE=addr2line file:line in stack traces (needs addr2line and -g)
 *   LIBLOCKDEP_CLASSES=site|stack|instance  what makes a class (see CLASSES; site)
 *
 * COMPILE-TIME CAPACITY (defaults are the kernel's; running out prints lockdep's
 * "BUG: MAX_... too low!" and validation stops, the program runs on)
 *   LIBLOCKDEP_MAX_LOCK_DEPTH      locks one thread may hold at once (63, lockdep's
 *                                  ceiling; 40 bytes per thread each)
 *   LIBLOCKDEP_DEPENDENCY_BITS     log2 of dependency entries (15)
 *   LIBLOCKDEP_CHAIN_BITS          log2 of lock chains (16)
 *   LIBLOCKDEP_STACK_TRACE_BITS    log2 of saved stack-trace entries (19)
 *   LIBLOCKDEP_MAX_LOCK_SITES      init call sites, each its own class (8192, as many
 *                                  as lockdep has classes; 64 bytes each). A site is
 *                                  taken when a lock is initialised, a class when it
 *                                  is first locked: too many init sites run out here
 *                                  first ("BUG: MAX_LOCK_SITES too low!"), many static
 *                                  locks (classes without a site) in MAX_LOCKDEP_KEYS
 *   Lock classes: 8192 (lockdep's MAX_LOCKDEP_KEYS, fixed by the kernel's header)
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

/* A signal handler, as signal() takes and returns it. */
typedef void (*liblockdep_sighandler_t)(int);

/* Compatibility with the 2013 liblockdep; never required. */
void liblockdep_init(void);
void liblockdep_set_thread(void);

/* Switch validation at run time (see LIBLOCKDEP below); enabled() is 0 when off,
 * or when lockdep gave up (it says why when it does). */
void liblockdep_enable(void);
void liblockdep_disable(void);
int liblockdep_enabled(void);

/* Write lockdep's views and lockdep.dot to $LIBLOCKDEP_DUMP (or the current directory). */
void liblockdep_dump(void);

/*
 * ANNOTATIONS: what the kernel lets its developers say about their locks. Each takes
 * a lock (pthread_mutex_t, pthread_rwlock_t, pthread_spinlock_t or mtx_t) that has
 * been initialised or used; without -DLIBLOCKDEP they cost nothing.
 */

/* Lock a mutex (rwlock) nested inside another of its own class: the kernel's
 * mutex_lock_nested(). subclass 1..7 tells the nesting levels apart. */
int liblockdep_mutex_lock_nested(void *mutex, unsigned int subclass);
int liblockdep_rwlock_rdlock_nested(void *rwlock, unsigned int subclass);
int liblockdep_rwlock_wrlock_nested(void *rwlock, unsigned int subclass);

/* A class key: one per class, in static storage ("static struct liblockdep_key k;"),
 * or in dynamic memory between liblockdep_register_key() and _unregister_key(). */
struct liblockdep_key {
	void *opaque[2];
};
void liblockdep_register_key(struct liblockdep_key *key);
void liblockdep_unregister_key(struct liblockdep_key *key);

/* Give a lock the class of key, named name (NULL keeps the lock's name): the kernel's
 * lockdep_set_class_and_name(). */
void liblockdep_set_class(const void *lock, struct liblockdep_key *key, const char *name);

/* Give a lock a class of its own, for its lifetime: the class is freed when the lock
 * is destroyed (or its memory passed to liblockdep_check_free()). */
void liblockdep_set_own_class(const void *lock, const char *name);

/* Never validate this lock's ordering: the kernel's lockdep_set_novalidate_class(). */
void liblockdep_set_novalidate_class(const void *lock);

/* Report unless this thread holds / does not hold the lock (once per lock class). */
void liblockdep_assert_held(const void *lock);
void liblockdep_assert_not_held(const void *lock);

/* Before freeing memory that holds locks the program never destroyed: reports a lock
 * this thread still holds in [ptr, ptr + size), then forgets every lock there, so
 * that a new lock at the same address starts afresh. */
void liblockdep_check_free(const void *ptr, unsigned long size);

#ifdef __cplusplus
}
#endif

/*
 * Routing: each locking function is redeclared with an assembler label naming the
 * checked version, so every call in this file, and every address taken of the
 * function, goes to liblockdep. Unlike a macro this leaves <pthread.h>'s declarations
 * untouched, so the header can be force-included before any system header: the
 * redeclaration has no parameter list (C17 and earlier) and the system header's
 * prototype completes it. In C++ and C23, where () means (void), only the functions
 * whose header was included first are routed.
 */
#ifndef LIBLOCKDEP_PRELOAD
#if defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ > 201710L)
/* () means (void) here: route only the calls whose header came first. */
#ifdef _PTHREAD_H
#define LIBLOCKDEP_ROUTE_PTHREAD_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, LIBLOCKDEP_NOTHROW_)
#define LIBLOCKDEP_ROUTE_PTHREAD_WAIT_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#else
#define LIBLOCKDEP_ROUTE_PTHREAD_(ret, name, params)
#define LIBLOCKDEP_ROUTE_PTHREAD_WAIT_(ret, name, params)
#endif
#ifdef _THREADS_H
#define LIBLOCKDEP_ROUTE_THREADS_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#else
#define LIBLOCKDEP_ROUTE_THREADS_(ret, name, params)
#endif
#ifdef _SIGNAL_H
#define LIBLOCKDEP_ROUTE_SIGNAL_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, LIBLOCKDEP_NOTHROW_)
#else
#define LIBLOCKDEP_ROUTE_SIGNAL_(ret, name, params)
#endif
#if defined(_SIGNAL_H) && defined(__USE_MISC)
#define LIBLOCKDEP_ROUTE_SIGNAL_HANDLER_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, LIBLOCKDEP_NOTHROW_)
#else
#define LIBLOCKDEP_ROUTE_SIGNAL_HANDLER_(ret, name, params) LIBLOCKDEP_RENAME_(name)
#endif
#define LIBLOCKDEP_PARAMS_(params) params
#else
#define LIBLOCKDEP_ROUTE_PTHREAD_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#define LIBLOCKDEP_ROUTE_PTHREAD_WAIT_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#define LIBLOCKDEP_ROUTE_THREADS_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#define LIBLOCKDEP_ROUTE_SIGNAL_(ret, name, params) LIBLOCKDEP_ROUTE_(ret, name, params, )
#define LIBLOCKDEP_ROUTE_SIGNAL_HANDLER_(ret, name, params) LIBLOCKDEP_RENAME_(name)
#define LIBLOCKDEP_PARAMS_(params) ()
#endif

/* C++ must repeat glibc's exception specification: none for cancellation points. */
#ifdef __cplusplus
#define LIBLOCKDEP_NOTHROW_ __THROW
#define LIBLOCKDEP_ROUTE_(ret, name, params, nothrow) \
	extern "C" ret name LIBLOCKDEP_PARAMS_(params) nothrow __asm__("liblockdep_" #name);
#else
#define LIBLOCKDEP_ROUTE_(ret, name, params, nothrow) \
	extern ret name LIBLOCKDEP_PARAMS_(params) __asm__("liblockdep_" #name);
#endif
/*
 * signal(): in strict ISO C and POSIX modes <signal.h> binds it to the System V
 * __sysv_signal with an assembler label of its own, which a label of ours would
 * contradict (an error for clang). A renaming pragma gives way to that label, so only
 * the BSD signal(), glibc's default, is routed; it renames the function whether this
 * header comes before or after <signal.h>, except for g++ after it, where the plain
 * label is safe instead (C++ always has the BSD one).
 */
#define LIBLOCKDEP_PRAGMA_(text) _Pragma(#text)
#define LIBLOCKDEP_RENAME_(name) LIBLOCKDEP_PRAGMA_(redefine_extname name liblockdep_##name)
#define LIBLOCKDEP_CALL(family, ret, name, params) LIBLOCKDEP_ROUTE_##family##_(ret, name, params)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wredundant-decls"
/* gcc notes that the pragma gave way to <signal.h>'s own label: as intended. */
#pragma GCC diagnostic ignored "-Wpragmas"
#ifndef __cplusplus
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
#endif
#if defined(__clang__) && defined(__has_warning)
#if __has_warning("-Wdeprecated-non-prototype")
#pragma GCC diagnostic ignored "-Wdeprecated-non-prototype"
#endif
#endif
#include "routed_calls.h"
#pragma GCC diagnostic pop
#undef LIBLOCKDEP_CALL
#undef LIBLOCKDEP_ROUTE_
#undef LIBLOCKDEP_ROUTE_PTHREAD_
#undef LIBLOCKDEP_ROUTE_PTHREAD_WAIT_
#undef LIBLOCKDEP_NOTHROW_
#undef LIBLOCKDEP_ROUTE_THREADS_
#undef LIBLOCKDEP_ROUTE_SIGNAL_
#undef LIBLOCKDEP_ROUTE_SIGNAL_HANDLER_
#undef LIBLOCKDEP_RENAME_
#undef LIBLOCKDEP_PRAGMA_
#undef LIBLOCKDEP_PARAMS_
#endif /* !LIBLOCKDEP_PRELOAD: the preloaded library has the real names */

#else /* !LIBLOCKDEP: checking compiled out */

struct liblockdep_key {
	void *opaque[2];
};
#define liblockdep_init()				((void)0)
#define liblockdep_enable()				((void)0)
#define liblockdep_disable()				((void)0)
#define liblockdep_enabled()				0
#define liblockdep_dump()				((void)0)
#define liblockdep_set_thread()				((void)0)
#define liblockdep_mutex_lock_nested(mutex, subclass)	pthread_mutex_lock(mutex)
#define liblockdep_rwlock_rdlock_nested(rwlock, subclass) pthread_rwlock_rdlock(rwlock)
#define liblockdep_rwlock_wrlock_nested(rwlock, subclass) pthread_rwlock_wrlock(rwlock)
#define liblockdep_register_key(key)			((void)(key))
#define liblockdep_unregister_key(key)			((void)(key))
#define liblockdep_set_class(lock, key, name)		((void)(lock), (void)(key), (void)(name))
#define liblockdep_set_own_class(lock, name)		((void)(lock), (void)(name))
#define liblockdep_set_novalidate_class(lock)		((void)(lock))
#define liblockdep_assert_held(lock)			((void)(lock))
#define liblockdep_assert_not_held(lock)		((void)(lock))
#define liblockdep_check_free(ptr, size)		((void)(ptr), (void)(size))

#endif /* LIBLOCKDEP */
#endif /* LIBLOCKDEP_H */
