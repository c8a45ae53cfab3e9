/*
 * Three default rwlocks of one class. First the safe cycle of
 * rwlock_read_write_cycle_recursive_read.c (read 0 then write 1; write 1 then read
 * 0), then write 0 then write 2, and write 2 then write 1. Together a deadlock:
 * thread A holds 1 and waits to read 0, which B holds to write while it waits for
 * 2, which C holds while it waits for 1. The cycle enters 0 by a recursive read but
 * leaves it held for writing: a deadlock by lockdep's rules too.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rwlock@rwlock_new*
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_READER_NP);
	RL(0); L(1); U(0); U(1);
	L(1); RL(0); U(0); U(1);
	L(0); L(2); U(2); U(0);
	L(2); L(1); U(1); U(2);
	return 0;
}
