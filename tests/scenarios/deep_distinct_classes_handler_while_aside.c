/*
 * 70 locks of as many classes taken, then the innermost 50 let go: chain[0] to
 * chain[19] are left, set aside past lockdep's depth limit (src/merged_locks.c), and
 * lockdep records none. A signal handler that locks then leaves them where they are
 * (it may have interrupted a lock call that read the thread's records); the program's
 * next lock, other_lock, brings them back and depends on chain[19]. Taken the other
 * way round later, the AB-BA is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[19] other_lock
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&handler_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&handler_lock), 0);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	deep_lock(0, DEEP_CNT);
	deep_unlock(20, DEEP_CNT);
	raise(SIGUSR1);
	EXPECT_RET(pthread_mutex_lock(&other_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&other_lock), 0);
	deep_unlock(0, 20);
	nest(&other_lock, &chain[19]);
	return 0;
}
