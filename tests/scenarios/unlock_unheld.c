/*
 * Unlocking a mutex the thread does not hold: lockdep's bad unlock balance.
 * (An error-checking mutex, so that pthread itself answers EPERM and the program
 * goes on; lockdep reports it first.)
 *
 * Expect: WARNING: bad unlock balance detected!
 * Names: never_locked
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t never_locked = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;

int main(void)
{
	EXPECT_RET(pthread_mutex_unlock(&never_locked), EPERM);
	return 0;
}
