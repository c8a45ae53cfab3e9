/*
 * TSan's Test8, its second half, on writer-preferring rwlocks of one class: read 2
 * then read 3; read 3 then read 2. A deadlock once writers wait for both: each
 * reader waits behind the writer of the lock the other reader holds, and each
 * writer waits for a reader. ThreadSanitizer reports it, and so does lockdep's rule
 * for reads that are not recursive.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rwlock@rwlock_new*
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	RL(2); RL(3); U(2); U(3);
	RL(3); RL(2); U(2); U(3);
	return 0;
}
