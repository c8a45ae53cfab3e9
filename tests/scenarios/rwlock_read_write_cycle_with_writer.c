/*
 * Test8's first half on glibc's default rwlocks of one class, but the second thread
 * writes 0 instead of reading it: read 0 then write 1; write 1 then write 0. A
 * deadlock: one thread holds 0 to read and waits for 1, the other holds 1 and
 * waits to write 0, which waits for the reader. The recursive read does not make
 * this cycle safe: it is entered by a write.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rwlock@rwlock_new*
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_READER_NP);
	RL(0); L(1); U(0); U(1);
	L(1); L(0); U(0); U(1);
	return 0;
}
