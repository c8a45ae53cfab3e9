/*
 * The kernel's locking selftest "A-B-B-A deadlock" (lib/locking-selftest.c),
 * in its six columns (tests/scenarios/selftest.h): A then B, later B then A.
 * The kernel's verdict: a deadlock in every column but rlock, whose read locks
 * may recurse, so a cycle of read locks alone cannot wait. Ours is the same.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: spin_A spin_B wlock_A wlock_B mutex_A mutex_B wsem_A wsem_B rsem_A rsem_B
 */
#include "selftest.h"

#define SHAPE(col)	do {						\
	LOCK_UNLOCK_2(col, A, B);					\
	LOCK_UNLOCK_2(col, B, A);					\
} while (0)

int main(void)
{
	SELFTEST_ALL_COLUMNS(SHAPE);
	return 0;
}
