/* A program's own function that makes every mutex for its callers, as Traffic
 * Server's ink_mutex_init() and VLC's vlc_mutex_init() do, named nowhere in
 * liblockdep; and the shapes of deadlock through its locks that must stay found.
 * Shared by the maker_*.c scenarios. */
#ifndef LOCK_MAKER_H
#define LOCK_MAKER_H
#include "scenario.h"

__attribute__((noinline)) void app_mutex_init(pthread_mutex_t *m);
__attribute__((noinline)) void app_mutex_init(pthread_mutex_t *m)
{
	pthread_mutexattr_t attr;

	if (pthread_mutexattr_init(&attr) ||
	    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK) ||
	    pthread_mutex_init(m, &attr))
		abort();
	pthread_mutexattr_destroy(&attr);
}

/* n heap mutexes made in one loop of one caller: one class. */
static inline pthread_mutex_t *maker_made_in_loop(int n)
{
	pthread_mutex_t *locks = malloc(n * sizeof(*locks));

	if (!locks)
		exit(2);
	for (int i = 0; i < n; i++)
		app_mutex_init(&locks[i]);
	return locks;
}

/* Thread i locks locks[i], then locks[(i + 1) % n], one thread after another: a ring
 * (n philosophers at a table of n forks). */
static inline void maker_ring(pthread_mutex_t *locks, int n)
{
	for (int i = 0; i < n; i++) {
		pthread_mutex_t *pair[2] = { &locks[i], &locks[(i + 1) % n] };

		run_in_thread(nest_pair, pair);
	}
}
#endif
