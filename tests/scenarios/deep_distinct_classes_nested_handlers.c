/*
 * Two nested signal handlers, each with a lock of its own, run at every depth while
 * the thread takes and lets go of 70 locks of as many classes: SIGUSR1's handler
 * raises SIGUSR2 while it holds its lock with SIGUSR2 blocked, and lets it in once
 * the lock is let go; SIGUSR2's handler takes the other lock. At 62 held, SIGUSR1's
 * handler finds lockdep's records full and sets the outermost aside; SIGUSR2's, nested
 * in it, leaves them there, and SIGUSR1's gives them back as it returns
 * (src/merged_locks.c). Correct, silent.
 *
 * Expect: silent
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t outer_handler_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner_handler_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t handled;

static void on_usr2(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&inner_handler_lock), 0);
	handled++;
	EXPECT_RET(pthread_mutex_unlock(&inner_handler_lock), 0);
}

static void on_usr1(int sig)
{
	sigset_t usr2;

	(void)sig;
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr2, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&outer_handler_lock), 0);
	raise(SIGUSR2);
	EXPECT_RET(pthread_mutex_unlock(&outer_handler_lock), 0);
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr2, NULL), 0);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	install_handler(SIGUSR2, on_usr2, 0);
	deep_lock_unlock_raising(SIGUSR1);
	return handled == 2 * DEEP_CNT ? 0 : 1;
}
