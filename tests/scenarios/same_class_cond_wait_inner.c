/*
 * Two mutexes of one class nested in one order, the inner one a condition
 * variable's: the wait releases and retakes only the inner one, still in order after
 * the outer one (src/pthread_cond.c, src/instance_nesting.c). Correct: silent.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t locks[2];
static pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
static int items;

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

static void *producer(void *arg)
{
	for (int i = 0; i < 100; i++) {
		pthread_mutex_lock(&locks[1]);
		items++;
		pthread_cond_signal(&ready);
		pthread_mutex_unlock(&locks[1]);
	}
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;

	(void)argv;
	make_locks(locks, argc + 1);
	EXPECT_RET(pthread_create(&t, NULL, producer, NULL), 0);
	pthread_mutex_lock(&locks[0]);
	pthread_mutex_lock(&locks[1]);
	while (items < 100)
		EXPECT_RET(pthread_cond_wait(&ready, &locks[1]), 0);
	pthread_mutex_unlock(&locks[1]);
	pthread_mutex_unlock(&locks[0]);
	pthread_join(t, NULL);
	/* And again, nested the same way after the waits. */
	nest(&locks[0], &locks[1]);
	return 0;
}
