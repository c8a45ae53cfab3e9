/*
 * A library that creates every lock in one helper (OpenSSL's CRYPTO_THREAD_lock_new(),
 * recreated here), recognised as a lock maker by its size, not its name
 * (src/lock_makers.c): each caller's locks are a class, as with the kernel's
 * mutex_init() macro, the first caller's keeping the helper's name, and the two
 * callers' classes are siblings, nested by instance. The two locks always nested in
 * one order are silent; the same two in both orders are a cycle of the instance
 * graph, named by both classes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rwlock@CRYPTO_THREAD_lock_new rwlock@CRYPTO_THREAD_lock_new<cache_new*
 */
#include "scenario.h"

__attribute__((noinline)) void *CRYPTO_THREAD_lock_new(void);
__attribute__((noinline)) void *CRYPTO_THREAD_lock_new(void)
{
	pthread_rwlock_t *lock = malloc(sizeof(*lock));

	if (!lock || pthread_rwlock_init(lock, NULL))
		exit(2);
	return lock;
}

static int stores, caches;

/* Each caller is a function of its own (not folded into one, nor a jump). */
static __attribute__((noinline)) pthread_rwlock_t *store_new(void)
{
	pthread_rwlock_t *lock = CRYPTO_THREAD_lock_new();

	stores++;
	return lock;
}

static __attribute__((noinline)) pthread_rwlock_t *cache_new(void)
{
	pthread_rwlock_t *lock = CRYPTO_THREAD_lock_new();

	caches += 2;
	return lock;
}

static void write_nest(pthread_rwlock_t *outer, pthread_rwlock_t *inner)
{
	pthread_rwlock_wrlock(outer);
	pthread_rwlock_wrlock(inner);
	pthread_rwlock_unlock(inner);
	pthread_rwlock_unlock(outer);
}

int main(void)
{
	pthread_rwlock_t *store = store_new(), *cache = cache_new();

	write_nest(store, cache);
	write_nest(store, cache);
	write_nest(cache, store);
	return stores + caches == 3 ? 0 : 1;
}
