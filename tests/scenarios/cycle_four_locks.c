/*
 * A cycle over four locks, each edge taken by a different thread: 1->2, 2->3, 3->4,
 * then 4->1 closes it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_1 lock_2 lock_3 lock_4
 */
#include "scenario.h"

static pthread_mutex_t lock_1 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_2 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_3 = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_4 = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t *edges[][2] = {
		{ &lock_1, &lock_2 }, { &lock_2, &lock_3 },
		{ &lock_3, &lock_4 }, { &lock_4, &lock_1 },
	};

	for (int i = 0; i < 4; i++)
		run_in_thread(nest_pair, edges[i]);
	return 0;
}
