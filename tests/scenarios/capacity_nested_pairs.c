/*
 * One lock taken inside more locks of its class than liblockdep remembers: its
 * entry keeps four, the table the next 16384 (LIBLOCKDEP_MAX_NESTED_PAIRS), and the
 * one after that runs out: liblockdep names the limit in lockdep's words, and that
 * pair is validated as without instance nesting, lockdep's recursive locking.
 * Checking goes on.
 *
 * Expect: BUG: MAX_NESTED_PAIRS too low!
 * Expect: WARNING: possible recursive locking detected
 * Names: locks[0]
 */
#include "scenario.h"

#define NR_OUTER (4 + 16384 + 1)

static pthread_mutex_t locks[NR_OUTER + 1];

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	(void)argv;
	make_locks(locks, argc + NR_OUTER);
	for (int i = 0; i < NR_OUTER; i++)
		nest(&locks[i], &locks[NR_OUTER]);
	return 0;
}
