/*
 * The kernel's locking selftest "recursive read-lock" (lib/locking-selftest.c): a
 * thread read-locks a lock it already holds for reading. The kernel's verdict: fine
 * for rwlock_t, whose readers may recurse (glibc's default rwlock prefers readers
 * the same way), a deadlock for an rw_semaphore (a writer-preferring, non-recursive
 * rwlock here), where a writer waiting between the two reads blocks the second.
 * Ours is the same. (The kernel's "#2" variant reads two locks of one class: two
 * instances nested one way, which liblockdep keeps silent, docs/classes.md.)
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: rsem_A
 */
#include "selftest.h"

int main(void)
{
	L_rlock(A);
	L_rlock(A);
	U_rlock(A);
	U_rlock(A);

	L_rsem(A);
	L_rsem(A);
	U_rsem(A);
	U_rsem(A);
	return 0;
}
