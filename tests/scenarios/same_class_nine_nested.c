/*
 * Nine mutexes of one class nested in ascending order: lockdep has eight subclasses
 * (MAX_LOCKDEP_SUBCLASSES), so the ninth gets the last one again, which the eighth
 * holds, and lockdep reports recursive locking as it does without instance nesting
 * (of the class "/7", as the report shows it).
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: mutex@make_locks
 */
#include "scenario.h"

#define NR_LOCKS 9

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	pthread_mutex_t locks[NR_LOCKS];

	(void)argv;
	make_locks(locks, argc + NR_LOCKS - 1);
	for (int i = 0; i < NR_LOCKS; i++)
		pthread_mutex_lock(&locks[i]);
	for (int i = NR_LOCKS - 1; i >= 0; i--)
		pthread_mutex_unlock(&locks[i]);
	return 0;
}
