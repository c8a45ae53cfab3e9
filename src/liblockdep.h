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
 *   In an assembler source (.S, where the compiler defines __ASSEMBLER__) it is
 *   empty, so a build may force it into every compile, assembly files too.
 *
 *   C from c99 to c23 and C++ from c++11 to c++23 are checked alike, with gcc or clang
 *   (a compiler without "#pragma redefine_extname" stops with an error). In C++ the
 *   calls that libstdc++'s headers inline (std::mutex, std::shared_mutex, their locks)
 *   are checked too: "g++ -DLIBLOCKDEP -include liblockdep.h prog.cc liblockdep.o",
 *   liblockdep.c built by a C compiler. For locking inside a library, use PRELOAD.
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
 * WAITS
 *   pthread_once() and call_once() are validated as acquiring the once object, which
 *   the init routine holds while it runs, and, with LIBLOCKDEP_JOINS=1,
 *   pthread_join() and thrd_join() as acquiring a map that the joined thread holds
 *   for its lifetime (class: its start routine and pthread_create() site): waiting
 *   for a once-init, or joining a thread, that needs a lock the waiter holds is
 *   reported before it hangs. Joins are not validated by default: a thread that says
 *   under L that it is done, then is joined by a holder of L, is correct, and looks
 *   like a deadlock to lock events. Detached threads are left alone. Condition
 *   variables and counting semaphores are not validated (their waker is not known).
 *
 * CLASSES
 *   A lock initialised by pthread_*_init() belongs to the class of that call site
 *   (of the call stack, when the site's code has no symbol: a stripped library's
 *   static helper that makes all of its locks). A statically initialised lock in
 *   static storage is its own class, named after its symbol. A lock never initialised by a call (zeroed memory) belongs to the
 *   class of the call site that first locks it (outside std::mutex's and the lock
 *   guards' own code, which -O0 leaves out of line). LIBLOCKDEP_CLASSES changes the
 *   first and the last: =stack makes the call site and its two callers the class
 *   (the callers of a generic lock allocator get classes of their own); =instance
 *   makes every lock its own class, freed when the lock is destroyed (as
 *   ThreadSanitizer and Helgrind see locks: no reports for nesting one class, and no
 *   inversions found across different objects either). A class is named after the
 *   named variable its first lock lives in ("worker_hang_lock", "locks[3]",
 *   "stats+0x10"), else its site ("mutex@open_db+0x2b"; "mutex@prog+0x10c0" in code
 *   without symbols): the same names in every run.
 *
 * RUN TIME (environment, read once at start; every LIBLOCKDEP_* is ignored in a
 * setuid, setgid or file-capability program: the build's defaults, stderr, no file)
 *   LIBLOCKDEP=0|1                 validation off or on (default on; built with
 *                                  -DLIBLOCKDEP_DEFAULT_OFF, off until LIBLOCKDEP=1)
 *   LIBLOCKDEP_LOG=path            reports go to this file, appended; %p is the pid;
 *                                  opened at the first report, 0600, not through a
 *                                  symbolic link nor another user's file
 *   LIBLOCKDEP_JSON=path           one JSON object per line per report (suppressed ones
 *                                  marked) and a summary at exit, appended; %p is the
 *                                  pid; as the log is (docs/liblockdep-json.schema.json)
 *   LIBLOCKDEP_SARIF=path          at exit: a SARIF 2.1.0 log of the reports (rewritten;
 *                                  %p is the pid), for GitHub code scanning
 *   LIBLOCKDEP_EXITCODE=N          exit status if any report was printed (66; 0 keeps
 *                                  the program's own), set after all exit-time code
 *   LIBLOCKDEP_ABORT=1             abort() right after the first report
 *   LIBLOCKDEP_SUMMARY=1           one line of totals at exit
 *   LIBLOCKDEP_DUMP=dir            at exit: lockdep, lockdep_chains, lockdep_stats (the
 *                                  kernel's /proc views) and lockdep.dot (Graphviz);
 *                                  as the log is, created in dir with openat(); only
 *                                  an earlier dump is replaced, never a user's file
 *   LIBLOCKDEP_STAT=1              lock statistics (the kernel's lock_stat): at exit a
 *                                  table of the classes threads waited for most, and
 *                                  lock_stat in the dump; 1.75 MiB of address space per
 *                                  live thread and one more, resident only for classes
 *                                  used
 *   LIBLOCKDEP_SYMBOLIZE=builtin|addr2line|none  file:line in stack traces (needs
 *                                  -g): from the DWARF line tables, read in the
 *                                  process (builtin, the default); from
 *                                  /usr/bin/addr2line, never one found through PATH,
 *                                  which also follows inlined calls; or none
 *   LIBLOCKDEP_CLASSES=site|stack|instance  what makes a class (see CLASSES; site)
 *   LIBLOCKDEP_RULES=path          the rules file, read once: "wrapper WHERE",
 *                                  "classes site|stack|instance WHERE", "name NAME
 *                                  WHERE", "suppress [KIND] CONDITION..." (WHERE:
 *                                  function=GLOB object=GLOB; docs/reports.md);
 *                                  a bad line is an error that fails the run
 *   LIBLOCKDEP_SEMAPHORES=1        a sem_t initialised to 1 that one thread waits for
 *                                  and posts is validated as a lock (see WAITS)
 *   LIBLOCKDEP_JOINS=1             pthread_join() and thrd_join() validated as acquiring
 *                                  the joined thread, which holds a map while it runs
 *                                  (see WAITS)
 *   LIBLOCKDEP_HANG=seconds        a watchdog thread prints, once per wait, the kernel's
 *                                  "INFO: task NAME:TID blocked for more than N
 *                                  seconds.", every thread's held locks and waits, and
 *                                  a cycle of waits as a deadlock
 *   LIBLOCKDEP_SHOW_LOCKS_SIGNAL=N this signal prints every thread's held locks and
 *                                  waits (SysRq-d), safe at any moment; not a fault's
 *                                  signal, SIGABRT or one that cannot be caught; in a
 *                                  child of fork() it says why not and acts as default
 *   LIBLOCKDEP_GRAPH=/path         one lock graph for many processes (a test suite):
 *                                  each loads the dependencies recorded there at start
 *                                  and merges its own in at exit, so an inversion split
 *                                  across two programs is reported in the second
 *   LIBLOCKDEP_RUNNER=pid:fd       set by ./lockdep: a process it runs exits with
 *                                  LIBLOCKDEP_EXITCODE after its own report, its
 *                                  program answers for the tree
 *
 * COMPILE-TIME CAPACITY (defaults are the kernel's; running out prints lockdep's
 * "BUG: MAX_... too low!" and validation stops, the program runs on)
 *   LIBLOCKDEP_MAX_LOCK_DEPTH      lockdep's records of one thread's held locks (63,
 *                                  lockdep's ceiling; 56 bytes per thread each); past
 *                                  it, locks of a class held twice are counted by the
 *                                  thread, or else the outermost set aside, checked
 *                                  as before, at any number
 *   LIBLOCKDEP_DEPENDENCY_BITS     log2 of dependency entries (15)
 *   LIBLOCKDEP_CHAIN_BITS          log2 of lock chains (16)
 *   LIBLOCKDEP_STACK_TRACE_BITS    log2 of saved stack-trace entries (19)
 *   LIBLOCKDEP_MAX_LOCK_SITES      init call sites, each its own class (8192, as many
 *                                  as lockdep has classes; 64 bytes each). A site is
 *                                  taken when a lock is initialised, a class when it
 *                                  is first locked: too many init sites run out here
 *                                  first ("BUG: MAX_LOCK_SITES too low!"), many static
 *                                  locks (classes without a site) in MAX_LOCKDEP_KEYS
 *   LIBLOCKDEP_MAX_GRAPH_DEPS      dependencies read from LIBLOCKDEP_GRAPH (65536)
 *   Lock classes: 8192 (lockdep's MAX_LOCKDEP_KEYS, fixed by the kernel's header)
 *
 * COMPILE-TIME SWITCHES (when compiling liblockdep.c)
 *   LIBLOCKDEP_NO_FAST_PATH        every acquisition and release goes to lockdep; by
 *                                  default one lockdep has seen in the same situation
 *                                  is recorded without calling it (same results, for
 *                                  comparison: docs/cost.md)
 *   LIBLOCKDEP_DOCS_URL="URL/"     where liblockdep's docs/ folder is published: the
 *                                  SARIF log links it (informationUri, each rule's
 *                                  helpUri); by default the kernel's lockdep page
 *
 * LICENCE
 *   GPL-2.0, because the kernel's lockdep (which liblockdep.c contains) is.
 */
#ifndef LIBLOCKDEP_H
#define LIBLOCKDEP_H
/* An assembler source (.S) built with "-include liblockdep.h" has no locking call to
 * route and cannot read C: the header gives it nothing. */
#ifndef __ASSEMBLER__

/* A class key: one per class, in static storage ("static struct liblockdep_key k;"),
 * or in dynamic memory between liblockdep_register_key() and _unregister_key(). */
struct liblockdep_key {
	void *opaque[2];
};

/* A lock of the program's own making, as lockdep sees it (LOCKS OF YOUR OWN below).
 * magic tells a map made by LIBLOCKDEP_MAP_INIT or liblockdep_map_init() from bytes
 * that never were one. */
struct liblockdep_map {
	const char *name;
	struct liblockdep_key *key;
	unsigned long magic;
};
#define LIBLOCKDEP_MAP_MAGIC	0x4c4d4150UL	/* "LMAP" */
#define LIBLOCKDEP_MAP_INIT(name) { (name), 0, LIBLOCKDEP_MAP_MAGIC }

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

/* Write lockdep's views and lockdep.dot to $LIBLOCKDEP_DUMP (without it, nothing). */
void liblockdep_dump(void);

/* Clear the lock statistics (LIBLOCKDEP_STAT=1), as "echo 0 > /proc/lock_stat" does. */
void liblockdep_stat_reset(void);
/* Print every thread's held locks and what each thread waits in, now: lockdep's
 * debug_show_all_locks() (LIBLOCKDEP_SHOW_LOCKS_SIGNAL does it from a signal). */
void liblockdep_show_all_locks(void);
/* lockdep --check-graph: the LIBLOCKDEP_GRAPH files given, merged into lockdep, which
 * reports every cycle among their dependencies; 0, or 125 if a file is unreadable or
 * not a graph. */
int liblockdep_check_graph(int nr_files, char *const files[]);
/* lockdep --merge-sarif: the LIBLOCKDEP_SARIF logs given (files, or directories of
 * *.sarif files) as one log with one run in out, for a code-scanning upload; 0, or
 * 125 after one line naming an input that is not a liblockdep SARIF log. */
int liblockdep_merge_sarif(const char *out, int nr_inputs, char *const inputs[]);

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

/* Class keys in dynamic memory are registered before use and unregistered before
 * their memory goes (struct liblockdep_key, above). */
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

/*
 * LOCKS OF YOUR OWN: a lock the program builds itself (a spin lock on C11 atomics, a
 * ticket lock, a futex lock, a semaphore used as a mutex), or a wait to be checked as
 * if it were a lock, described by a map, as the kernel's lockdep_map describes such a
 * lock: acquire the map before waiting for the lock (so a deadlock is reported before
 * it hangs), release it when letting the lock go. Every annotation above that takes
 * a lock takes a map too (liblockdep_assert_held(&map), liblockdep_set_class...).
 *
 *     static struct liblockdep_map queue_map = LIBLOCKDEP_MAP_INIT("queue_lock");
 *     liblockdep_map_acquire(&queue_map); spin_lock(&queue); ...
 *     spin_unlock(&queue); liblockdep_map_release(&queue_map);
 *
 * A map in static storage made with LIBLOCKDEP_MAP_INIT is a class of its own; one
 * made by liblockdep_map_init() belongs to the class of key, or with a NULL key to
 * the class of the call site (as a pthread_mutex_init() call); name may be NULL.
 * Any other map (memory whose init was forgotten) is a report of its own, once, and
 * is left unchecked: "BUG: liblockdep_map_acquire(): map not initialised".
 */
void liblockdep_map_init(struct liblockdep_map *map, const char *name, struct liblockdep_key *key);
/* Exclusive, as a mutex: the kernel's lock_map_acquire(). */
void liblockdep_map_acquire(struct liblockdep_map *map);
/* Shared and recursive, as a reader-preferring rwlock's readers: lock_map_acquire_read(). */
void liblockdep_map_acquire_read(struct liblockdep_map *map);
/* A trylock that succeeded: held, but orders nothing before it: lock_map_acquire_try(). */
void liblockdep_map_acquire_try(struct liblockdep_map *map);
/* Exclusive, nested inside another of its own class (subclass 1..7). */
void liblockdep_map_acquire_nested(struct liblockdep_map *map, unsigned int subclass);
/* Let go: lock_map_release(). */
void liblockdep_map_release(struct liblockdep_map *map);

/* Before freeing memory that holds locks the program never destroyed: reports a lock
 * this thread still holds in [ptr, ptr + size), then forgets every lock there, so
 * that a new lock at the same address starts afresh. free(), realloc(), munmap() and
 * delete do it themselves; this is for memory given back another way. */
void liblockdep_check_free(const void *ptr, unsigned long size);

#ifdef __cplusplus
}
#endif

/*
 * Routing: "#pragma redefine_extname name liblockdep_name" binds every later
 * declaration, call and address of name in this file to liblockdep's checked version.
 * It needs neither a declaration nor a type, so the header can come before any system
 * header, in every C and C++ standard, and it reaches the calls in libstdc++'s inline
 * std::mutex code. Where <signal.h> binds signal() to __sysv_signal (strict ISO and
 * POSIX modes) the pragma gives way to that label: only the BSD signal() is routed.
 * g++ alone ignores the pragma for a function already declared, so there a family
 * whose header came first is redeclared with an assembler label instead. A new family
 * needs one such line here: its header's include guard.
 */
#ifndef LIBLOCKDEP_PRELOAD
#ifndef __PRAGMA_REDEFINE_EXTNAME
#error "liblockdep.h: routing the locking calls to liblockdep needs #pragma redefine_extname (gcc, clang); build without -DLIBLOCKDEP or use ./lockdep"
#endif
#if defined(__cplusplus) && defined(_GLIBCXX_GCC_GTHR_POSIX_H) && __GXX_WEAK__ && _GLIBCXX_GTHREAD_USE_WEAK
#error "liblockdep.h: include it before any C++ standard header (or with -include): this libstdc++ calls pthread through weak references that cannot be routed once declared"
#endif
#ifdef __cplusplus
/* libstdc++ before glibc 2.34 would call pthread through weak references to the real
 * names, out of the pragma's reach; glibc 2.34's libstdc++ turns them off as here. */
#define _GLIBCXX_GTHREAD_USE_WEAK 0
#endif
#define LIBLOCKDEP_PRAGMA_(text) _Pragma(#text)
#define LIBLOCKDEP_RENAME_(name) LIBLOCKDEP_PRAGMA_(redefine_extname name liblockdep_##name)
#define LIBLOCKDEP_LABEL_(name) extern "C" __typeof__(name) name __asm__("liblockdep_" #name);
#if defined(__cplusplus) && !defined(__clang__)
#ifdef _PTHREAD_H
#define LIBLOCKDEP_ROUTE_PTHREAD_ LIBLOCKDEP_LABEL_
#endif
#ifdef _THREADS_H
#define LIBLOCKDEP_ROUTE_THREADS_ LIBLOCKDEP_LABEL_
#endif
#ifdef _SIGNAL_H
#define LIBLOCKDEP_ROUTE_SIGNAL_ LIBLOCKDEP_LABEL_
#endif
#ifdef _SEMAPHORE_H
#define LIBLOCKDEP_ROUTE_SEMAPHORE_ LIBLOCKDEP_LABEL_
#endif
#ifdef _DLFCN_H
#define LIBLOCKDEP_ROUTE_LOADER_ LIBLOCKDEP_LABEL_
#endif
#ifdef _UNISTD_H
#define LIBLOCKDEP_ROUTE_PROCESS_ LIBLOCKDEP_LABEL_
#endif
#endif
#ifndef LIBLOCKDEP_ROUTE_PTHREAD_
#define LIBLOCKDEP_ROUTE_PTHREAD_ LIBLOCKDEP_RENAME_
#endif
#ifndef LIBLOCKDEP_ROUTE_THREADS_
#define LIBLOCKDEP_ROUTE_THREADS_ LIBLOCKDEP_RENAME_
#endif
#ifndef LIBLOCKDEP_ROUTE_SIGNAL_
#define LIBLOCKDEP_ROUTE_SIGNAL_ LIBLOCKDEP_RENAME_
#endif
#ifndef LIBLOCKDEP_ROUTE_SEMAPHORE_
#define LIBLOCKDEP_ROUTE_SEMAPHORE_ LIBLOCKDEP_RENAME_
#endif
#ifndef LIBLOCKDEP_ROUTE_LOADER_
#define LIBLOCKDEP_ROUTE_LOADER_ LIBLOCKDEP_RENAME_
#endif
#ifndef LIBLOCKDEP_ROUTE_PROCESS_
#define LIBLOCKDEP_ROUTE_PROCESS_ LIBLOCKDEP_RENAME_
#endif
/* Renaming free() would rename a program's own free() too: see routed_calls.h. */
#define LIBLOCKDEP_ROUTE_ALLOCATOR_(name)
#define LIBLOCKDEP_CALL(family, ret, name, params) LIBLOCKDEP_ROUTE_##family##_(name)
/* g++'s redeclarations are redundant but for their labels, and gcc notes that the
 * pragma gave way to <signal.h>'s own label: both as intended. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wredundant-decls"
#pragma GCC diagnostic ignored "-Wpragmas"
#include "routed_calls.h"
#pragma GCC diagnostic pop
#undef LIBLOCKDEP_CALL
#undef LIBLOCKDEP_ROUTE_PTHREAD_
#undef LIBLOCKDEP_ROUTE_THREADS_
#undef LIBLOCKDEP_ROUTE_SIGNAL_
#undef LIBLOCKDEP_ROUTE_SEMAPHORE_
#undef LIBLOCKDEP_LABEL_
#undef LIBLOCKDEP_ROUTE_LOADER_
#undef LIBLOCKDEP_ROUTE_PROCESS_
#undef LIBLOCKDEP_ROUTE_ALLOCATOR_
#undef LIBLOCKDEP_RENAME_
#undef LIBLOCKDEP_PRAGMA_
#endif /* !LIBLOCKDEP_PRELOAD: the preloaded library has the real names */

#else /* !LIBLOCKDEP: checking compiled out */

#define liblockdep_init()				((void)0)
#define liblockdep_enable()				((void)0)
#define liblockdep_disable()				((void)0)
#define liblockdep_enabled()				0
#define liblockdep_dump()				((void)0)
#define liblockdep_stat_reset()				((void)0)
#define liblockdep_show_all_locks()			((void)0)
#define liblockdep_check_graph(nr_files, files)		((void)(files), 0)
#define liblockdep_merge_sarif(out, nr_inputs, inputs)	((void)(out), (void)(inputs), 0)
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
#define liblockdep_map_init(map, name, key)		((void)(map), (void)(name), (void)(key))
#define liblockdep_map_acquire(map)			((void)(map))
#define liblockdep_map_acquire_read(map)		((void)(map))
#define liblockdep_map_acquire_try(map)			((void)(map))
#define liblockdep_map_acquire_nested(map, subclass)	((void)(map), (void)(subclass))
#define liblockdep_map_release(map)			((void)(map))

#endif /* LIBLOCKDEP */
#endif /* __ASSEMBLER__ */
#endif /* LIBLOCKDEP_H */
