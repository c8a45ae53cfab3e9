/*
 * The real pthread functions, under names of our own. liblockdep.h may have bound the
 * pthread names in this file to our wrappers (when it is force-included), so our
 * runtime never calls a pthread locking function by its own name. They are libc's, so
 * they keep default visibility under prologue.h's "hidden" pragma.
 */
#define REAL_PTHREAD(ret, name, params) \
	extern ret real_##name params __asm__(#name) __attribute__((__visibility__("default")));

REAL_PTHREAD(int, pthread_mutex_init, (pthread_mutex_t *, const pthread_mutexattr_t *))
REAL_PTHREAD(int, pthread_mutex_destroy, (pthread_mutex_t *))
REAL_PTHREAD(int, pthread_mutex_lock, (pthread_mutex_t *))
REAL_PTHREAD(int, pthread_mutex_trylock, (pthread_mutex_t *))
REAL_PTHREAD(int, pthread_mutex_unlock, (pthread_mutex_t *))
REAL_PTHREAD(int, pthread_rwlock_init, (pthread_rwlock_t *, const pthread_rwlockattr_t *))
REAL_PTHREAD(int, pthread_rwlock_destroy, (pthread_rwlock_t *))
REAL_PTHREAD(int, pthread_rwlock_rdlock, (pthread_rwlock_t *))
REAL_PTHREAD(int, pthread_rwlock_wrlock, (pthread_rwlock_t *))
REAL_PTHREAD(int, pthread_rwlock_tryrdlock, (pthread_rwlock_t *))
REAL_PTHREAD(int, pthread_rwlock_trywrlock, (pthread_rwlock_t *))
REAL_PTHREAD(int, pthread_rwlock_unlock, (pthread_rwlock_t *))
#undef REAL_PTHREAD
