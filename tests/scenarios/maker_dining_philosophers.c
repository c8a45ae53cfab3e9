/*
 * Five dining philosophers whose forks the program's own wrapper makes
 * (lock_maker.h): four laid by one caller, the fifth a spare fork made by another.
 * The two callers' forks are sibling classes of one maker (src/lock_makers.c),
 * nested by instance as one class's locks are: philosopher i takes fork i, then
 * fork (i + 1) % 5, and the ring through both callers' forks is a cycle of the
 * instance graph. They eat one after another here, so nothing hangs.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init mutex@app_mutex_init<spare_fork*
 */
#include "lock_maker.h"

#define PHILOSOPHERS	5

static __attribute__((noinline)) pthread_mutex_t *spare_fork(void)
{
	pthread_mutex_t *fork = malloc(sizeof(*fork));

	if (!fork)
		exit(2);
	app_mutex_init(fork);
	return fork;
}

int main(int argc, char **argv)
{
	pthread_mutex_t *laid = maker_made_in_loop(argc + PHILOSOPHERS - 2);
	pthread_mutex_t *forks[PHILOSOPHERS];

	(void)argv;
	for (int i = 0; i < PHILOSOPHERS - 1; i++)
		forks[i] = &laid[i];
	forks[PHILOSOPHERS - 1] = spare_fork();
	for (int i = 0; i < PHILOSOPHERS; i++) {
		pthread_mutex_t *pair[2] = { forks[i], forks[(i + 1) % PHILOSOPHERS] };

		run_in_thread(nest_pair, pair);
	}
	return 0;
}
