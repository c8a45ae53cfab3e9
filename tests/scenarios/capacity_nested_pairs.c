/*
 * More ordered pairs of one class's locks nested than liblockdep remembers (16384,
 * LIBLOCKDEP_MAX_NESTED_PAIRS): liblockdep names the limit in lockdep's words, and
 * the next new pair is validated as without instance nesting, lockdep's recursive
 * locking. Checking goes on.
 *
 * Expect: BUG: MAX_NESTED_PAIRS too low!
 * Expect: WARNING: possible recursive locking detected
 * Names: locks[0]
 */
#include "scenario.h"

#define NR_PAIRS (16384 + 1)

static pthread_mutex_t locks[NR_PAIRS + 1];

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&l[i], NULL), 0);
}

int main(int argc, char **argv)
{
	(void)argv;
	make_locks(locks, argc + NR_PAIRS);
	for (int i = 0; i < NR_PAIRS; i++)
		nest(&locks[i], &locks[i + 1]);
	return 0;
}
