/*
 * The shape of Abseil's DeadlockDetectorStessTest (absl/synchronization/mutex_test.cc)
 * on pthread mutexes: 131,072 mutexes of one array, made by one init loop (one
 * class); for each i, locks i to i + 4 are taken in order and released. Correct,
 * silent. A search over every lock behind each new pair gave up at 4,096 ("BUG:
 * MAX_INSTANCE_SEARCH too low!").
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_LOCKS (1 << 17)

static pthread_mutex_t locks[NR_LOCKS];

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	int n = NR_LOCKS + argc - 1;

	(void)argv;
	make_locks(locks, n);
	for (int i = 0; i < n; i++) {
		int end = i + 5 < n ? i + 5 : n;

		for (int j = i; j < end; j++)
			pthread_mutex_lock(&locks[j]);
		for (int j = i; j < end; j++)
			pthread_mutex_unlock(&locks[j]);
	}
	return 0;
}
