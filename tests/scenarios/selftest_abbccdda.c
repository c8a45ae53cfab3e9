/*
 * The kernel's locking selftest "A-B-B-C-C-D-D-A deadlock" (lib/locking-selftest.c),
 * in its six columns (tests/scenarios/selftest.h): A then B, B then C, C then D, D then A.
 * The kernel's verdict: a deadlock in every column but rlock, whose read locks
 * may recurse, so a cycle of read locks alone cannot wait. Ours is the same.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: spin_A spin_B spin_C spin_D wlock_A wlock_B wlock_C wlock_D mutex_A mutex_B mutex_C mutex_D wsem_A wsem_B wsem_C wsem_D rsem_A rsem_B rsem_C rsem_D
 */
#include "selftest.h"

#define SHAPE(col)	do {						\
	LOCK_UNLOCK_2(col, A, B);					\
	LOCK_UNLOCK_2(col, B, C);					\
	LOCK_UNLOCK_2(col, C, D);					\
	LOCK_UNLOCK_2(col, D, A);					\
} while (0)

int main(void)
{
	SELFTEST_ALL_COLUMNS(SHAPE);
	return 0;
}
