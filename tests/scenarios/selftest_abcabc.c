/*
 * The kernel's locking selftest "A-B-C-A-B-C deadlock" (lib/locking-selftest.c),
 * in its six columns (tests/scenarios/selftest.h): A then B, C then A, B then C.
 * The kernel's verdict: a deadlock in every column but rlock, whose read locks
 * may recurse, so a cycle of read locks alone cannot wait. Ours is the same.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: spin_A spin_B spin_C wlock_A wlock_B wlock_C mutex_A mutex_B mutex_C wsem_A wsem_B wsem_C rsem_A rsem_B rsem_C
 */
#include "selftest.h"

#define SHAPE(col)	do {						\
	LOCK_UNLOCK_2(col, A, B);					\
	LOCK_UNLOCK_2(col, C, A);					\
	LOCK_UNLOCK_2(col, B, C);					\
} while (0)

int main(void)
{
	SELFTEST_ALL_COLUMNS(SHAPE);
	return 0;
}
