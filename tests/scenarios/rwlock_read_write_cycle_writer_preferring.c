/*
 * TSan's Test8, its first half, on writer-preferring rwlocks of one class: read 0
 * then write 1; write 1 then read 0. A deadlock once a writer waits for 0: one
 * thread holds 0 to read and waits for 1, the other holds 1 and waits to read 0
 * behind that writer, which waits for the first. ThreadSanitizer reports it
 * (lock-order-inversion), and so does lockdep's rule for a read that is not
 * recursive.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rwlock@rwlock_new*
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	RL(0); L(1); U(0); U(1);
	L(1); RL(0); U(0); U(1);
	return 0;
}
