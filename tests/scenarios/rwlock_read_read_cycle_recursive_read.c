/*
 * TSan's Test8, its second half, on glibc's default rwlocks of one class: read 2
 * then read 3; read 3 then read 2. No deadlock: readers of a default rwlock wait
 * only for a writer that holds it, and here no one writes. Lockdep says the same
 * of recursive reads; ThreadSanitizer reports it anyway. Silent.
 *
 * Expect: silent
 */
#include "rwlock_test8.h"

int main(void)
{
	make_locks(PTHREAD_RWLOCK_PREFER_READER_NP);
	RL(2); RL(3); U(2); U(3);
	RL(3); RL(2); U(2); U(3);
	return 0;
}
