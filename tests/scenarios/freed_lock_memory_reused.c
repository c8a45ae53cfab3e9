/*
 * Memory freed with an unlocked lock in it, never destroyed (as a C program often
 * frees a struct, and as libstdc++'s std::mutex never destroys), then reused at the
 * same address: the new lock starts afresh, as if the memory were new. Here a
 * session's mutex is taken before the registry; the cache allocated in its place
 * takes the registry before its own mutex, a different lock: no inversion. Then a
 * mutex's memory becomes an rwlock, read-locked twice by one thread, which is legal.
 * Each reuse is forced: free, then malloc of the same size, which glibc hands back
 * at once (the scenario fails if it never does).
 *
 * Expect: silent
 */
#include "scenario.h"
#include <stdint.h>

union lock_memory {
	struct {
		pthread_mutex_t lock;
		long id;
	} session;
	struct {
		pthread_mutex_t lock;
		long entries;
	} cache;
	pthread_rwlock_t table;
};

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) union lock_memory *register_session(void)
{
	union lock_memory *m = malloc(sizeof(*m));

	if (!m)
		exit(2);
	pthread_mutex_init(&m->session.lock, NULL);
	nest(&m->session.lock, &registry);
	return m;
}

static __attribute__((noinline)) void cache_flush(union lock_memory *m)
{
	m->cache.lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	nest(&registry, &m->cache.lock);
}

static __attribute__((noinline)) void table_read_twice(union lock_memory *m)
{
	m->table = (pthread_rwlock_t)PTHREAD_RWLOCK_INITIALIZER;
	EXPECT_RET(pthread_rwlock_rdlock(&m->table), 0);
	EXPECT_RET(pthread_rwlock_rdlock(&m->table), 0);
	pthread_rwlock_unlock(&m->table);
	pthread_rwlock_unlock(&m->table);
}

/* Frees @m and allocates the same size again: the same block, or NULL. */
static union lock_memory *reuse(union lock_memory *m)
{
	uintptr_t old = (uintptr_t)m;
	union lock_memory *again;

	free(m);
	again = malloc(sizeof(*again));
	if ((uintptr_t)again == old)
		return again;
	fprintf(stderr, "scenario: malloc did not reuse the freed block\n");
	exit(3);
}

int main(void)
{
	union lock_memory *m = reuse(register_session());

	cache_flush(m);
	m = reuse(register_session());
	table_read_twice(m);
	free(m);
	return 0;
}
