/*
 * Five dining philosophers, their forks pthread_mutex_init()ed in a loop (one
 * class): philosopher i takes fork i, then fork (i + 1) % 5. Each one alone is fine;
 * together they deadlock, a cycle of five locks of one class, which the instance
 * graph finds when the fifth philosopher eats (src/instance_nesting.c). They eat one
 * after another here, so nothing hangs.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: forks[0]
 */
#include "scenario.h"

#define PHILOSOPHERS	5

static pthread_mutex_t forks[PHILOSOPHERS];
static int meals;

static __attribute__((noinline)) void lay_table(int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&forks[i], NULL), 0);
}

static void *philosopher(void *arg)
{
	int i = (int)(long)arg;

	pthread_mutex_lock(&forks[i]);
	pthread_mutex_lock(&forks[(i + 1) % PHILOSOPHERS]);
	meals++;
	pthread_mutex_unlock(&forks[(i + 1) % PHILOSOPHERS]);
	pthread_mutex_unlock(&forks[i]);
	return NULL;
}

int main(int argc, char **argv)
{
	(void)argv;
	lay_table(argc + PHILOSOPHERS - 1);
	for (long i = 0; i < PHILOSOPHERS; i++)
		run_in_thread(philosopher, (void *)i);
	return meals == PHILOSOPHERS ? 0 : 1;
}
