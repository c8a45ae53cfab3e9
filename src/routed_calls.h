/*
 * Every call liblockdep checks: its family (the header that declares it: PTHREAD,
 * <pthread.h>; THREADS, C11's <threads.h>; SIGNAL, <signal.h>; LOADER, <dlfcn.h>;
 * PROCESS, <unistd.h>;
 * ALLOCATOR, the calls that give memory back, which liblockdep.h does not route: a
 * program may define its own free(), and the drop-in's definitions are the process's
 * anyway, see src/freed_memory.c), return type, name and parameters. liblockdep.h
 * routes each name to liblockdep_<name>; the runtime reaches the real one as
 * real(<name>). One list, so the two cannot drift apart.
 */
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_init, (pthread_mutex_t *, const pthread_mutexattr_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_destroy, (pthread_mutex_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_lock, (pthread_mutex_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_trylock, (pthread_mutex_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_timedlock, (pthread_mutex_t *, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_clocklock, (pthread_mutex_t *, clockid_t, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_mutex_unlock, (pthread_mutex_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_init, (pthread_rwlock_t *, const pthread_rwlockattr_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_destroy, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_rdlock, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_wrlock, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_trywrlock, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_timedrdlock, (pthread_rwlock_t *, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_timedwrlock, (pthread_rwlock_t *, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_clockrdlock, (pthread_rwlock_t *, clockid_t, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_clockwrlock, (pthread_rwlock_t *, clockid_t, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_rwlock_unlock, (pthread_rwlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_spin_init, (pthread_spinlock_t *, int))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_spin_destroy, (pthread_spinlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_spin_lock, (pthread_spinlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_spin_trylock, (pthread_spinlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_spin_unlock, (pthread_spinlock_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_cond_wait, (pthread_cond_t *, pthread_mutex_t *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_cond_timedwait, (pthread_cond_t *, pthread_mutex_t *, const struct timespec *))
LIBLOCKDEP_CALL(PTHREAD, int, pthread_cond_clockwait, (pthread_cond_t *, pthread_mutex_t *, clockid_t, const struct timespec *))
LIBLOCKDEP_CALL(THREADS, int, mtx_init, (mtx_t *, int))
LIBLOCKDEP_CALL(THREADS, void, mtx_destroy, (mtx_t *))
LIBLOCKDEP_CALL(THREADS, int, mtx_lock, (mtx_t *))
LIBLOCKDEP_CALL(THREADS, int, mtx_trylock, (mtx_t *))
LIBLOCKDEP_CALL(THREADS, int, mtx_timedlock, (mtx_t *__restrict, const struct timespec *__restrict))
LIBLOCKDEP_CALL(THREADS, int, mtx_unlock, (mtx_t *))
LIBLOCKDEP_CALL(THREADS, int, cnd_wait, (cnd_t *, mtx_t *))
LIBLOCKDEP_CALL(THREADS, int, cnd_timedwait, (cnd_t *__restrict, mtx_t *__restrict, const struct timespec *__restrict))
LIBLOCKDEP_CALL(SIGNAL, int, sigaction, (int, const struct sigaction *, struct sigaction *))
LIBLOCKDEP_CALL(SIGNAL, liblockdep_sighandler_t, signal, (int, liblockdep_sighandler_t))
LIBLOCKDEP_CALL(SIGNAL, int, pthread_sigmask, (int, const sigset_t *, sigset_t *))
LIBLOCKDEP_CALL(SIGNAL, int, sigprocmask, (int, const sigset_t *, sigset_t *))
LIBLOCKDEP_CALL(LOADER, int, dlclose, (void *))
LIBLOCKDEP_CALL(PROCESS, pid_t, fork, (void))
LIBLOCKDEP_CALL(ALLOCATOR, void, free, (void *))
LIBLOCKDEP_CALL(ALLOCATOR, void *, realloc, (void *, size_t))
LIBLOCKDEP_CALL(ALLOCATOR, void *, reallocarray, (void *, size_t, size_t))
LIBLOCKDEP_CALL(ALLOCATOR, int, munmap, (void *, size_t))
