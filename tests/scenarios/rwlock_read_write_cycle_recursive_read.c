/*
 * TSan's Test8, its first half, on glibc's default rwlocks of one class: read 0
 * then write 1; write 1 then read 0. No deadlock: a default rwlock lets a reader in
 * while a writer waits (it only waits for a writer that holds it), so the second
 * thread's read of 0 never waits while the first holds 0 to read. Lockdep's rule
 * for a recursive read (a cycle that enters and leaves a lock by recursive reads is
 * none) says the same; ThreadSanitizer reports it anyway. Silent.
 *
 * Expect: silent
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_READER_NP);
	RL(0); L(1); U(0); U(1);
	L(1); RL(0); U(0); U(1);
	return 0;
}
