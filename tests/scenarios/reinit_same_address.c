/*
 * Correct: a lock destroyed and initialised again at the same address (at another
 * init site) is a new lock of a new class; so is a lock in memory handed to
 * liblockdep_check_free() and reused. Neither inherits the old order.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <string.h>

static pthread_mutex_t anchor = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) void init_first(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_init(m, NULL), 0);
}

static __attribute__((noinline)) void init_second(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_init(m, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&anchor), 0);
	EXPECT_RET(pthread_mutex_unlock(&anchor), 0);
}

static __attribute__((noinline)) void lock_first_use(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_lock(m), 0);
}

static __attribute__((noinline)) void lock_second_use(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_lock(m), 0);
	EXPECT_RET(pthread_mutex_unlock(m), 0);
	EXPECT_RET(pthread_mutex_lock(m), 0);
}

int main(void)
{
	pthread_mutex_t m;
	union { pthread_mutex_t m; char bytes[64]; } *memory = calloc(1, sizeof(*memory));

	init_first(&m);
	pthread_mutex_lock(&anchor);
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	pthread_mutex_unlock(&anchor);
	pthread_mutex_destroy(&m);

	init_second(&m);
	pthread_mutex_lock(&m);
	pthread_mutex_lock(&anchor);
	pthread_mutex_unlock(&anchor);
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);

	/* Zeroed memory, first used at one site, freed, reused at another. */
	pthread_mutex_lock(&anchor);
	lock_first_use(&memory->m);
	pthread_mutex_unlock(&memory->m);
	pthread_mutex_unlock(&anchor);
	liblockdep_check_free(memory, sizeof(*memory));
	memset(memory, 0, sizeof(*memory));
	lock_second_use(&memory->m);
	pthread_mutex_lock(&anchor);
	pthread_mutex_unlock(&anchor);
	pthread_mutex_unlock(&memory->m);
	free(memory);
	return 0;
}
