/*
 * Locks in zeroed heap memory that nobody initialised (glibc's zero bytes are a valid
 * unlocked mutex) take the class of the call site that first locks them: here two
 * such sites, inverted.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@lock_left mutex@lock_right
 */
#include "scenario.h"

static int right_count;

/* Checked calls, so that neither is a tail call (whose site would be the caller's). */
static __attribute__((noinline)) void lock_left(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_lock(m), 0);
}

static __attribute__((noinline)) void lock_right(pthread_mutex_t *m)
{
	EXPECT_RET(pthread_mutex_lock(m), 0);
	right_count++;	/* unlike lock_left, so the compiler cannot fold the two */
}

int main(void)
{
	pthread_mutex_t *locks = calloc(2, sizeof(*locks));

	lock_left(&locks[0]);
	lock_right(&locks[1]);
	pthread_mutex_unlock(&locks[1]);
	pthread_mutex_unlock(&locks[0]);

	lock_right(&locks[1]);
	lock_left(&locks[0]);
	pthread_mutex_unlock(&locks[0]);
	pthread_mutex_unlock(&locks[1]);
	free(locks);
	return 0;
}
