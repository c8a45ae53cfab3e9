/*
 * The kernel's locking selftest "double unlock" (lib/locking-selftest.c): a lock
 * released twice. The kernel's verdict, which is ours: a bad unlock balance, for a
 * spin lock and for a mutex (an error-checking one, so that pthread answers EPERM
 * and the program goes on). The rwlock columns are left out: glibc's rwlock has no
 * owner to check on a read unlock, and a second unlock corrupts its reader count.
 *
 * Expect: WARNING: bad unlock balance detected!
 * Expect: WARNING: bad unlock balance detected!
 * Names: spin_A errorcheck_mutex
 */
#include "selftest.h"
#include <errno.h>

pthread_mutex_t errorcheck_mutex = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;

int main(void)
{
	selftest_init();
	L_spin(A);
	U_spin(A);
	U_spin(A);

	EXPECT_RET(pthread_mutex_lock(&errorcheck_mutex), 0);
	EXPECT_RET(pthread_mutex_unlock(&errorcheck_mutex), 0);
	EXPECT_RET(pthread_mutex_unlock(&errorcheck_mutex), EPERM);
	return 0;
}
