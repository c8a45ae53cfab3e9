/*
 * Correct: glibc's default rwlock lets a reader in while a writer waits, so two
 * threads that only *read* two rwlocks in opposite orders cannot deadlock, and a
 * thread may re-take a read lock it holds. Lockdep must stay silent.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_rwlock_t map_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t index_lock = PTHREAD_RWLOCK_INITIALIZER;

static void *map_then_index(void *arg)
{
	pthread_rwlock_rdlock(&map_lock);
	pthread_rwlock_rdlock(&index_lock);
	pthread_rwlock_rdlock(&map_lock);
	pthread_rwlock_unlock(&map_lock);
	pthread_rwlock_unlock(&index_lock);
	pthread_rwlock_unlock(&map_lock);
	return arg;
}

static void *index_then_map(void *arg)
{
	pthread_rwlock_rdlock(&index_lock);
	pthread_rwlock_rdlock(&map_lock);
	pthread_rwlock_unlock(&map_lock);
	pthread_rwlock_unlock(&index_lock);
	return arg;
}

int main(void)
{
	run_in_thread(map_then_index, NULL);
	run_in_thread(index_then_map, NULL);
	return 0;
}
