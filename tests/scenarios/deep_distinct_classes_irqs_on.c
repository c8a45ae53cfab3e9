/*
 * shared_lock is taken by SIGUSR1's handler, and by the program with the signal
 * blocked, under which it also takes 70 locks of as many classes: shared_lock's
 * record is set aside past lockdep's depth limit (src/merged_locks.c). Then the
 * program lets the signal in while it still holds them all: the handler may now
 * wait for shared_lock on the thread that holds it. Lockdep marks the locks held as
 * interrupts come on, those set aside too: an inconsistent lock state.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: shared_lock
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&shared_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&shared_lock), 0);
}

#ifndef LET_IN_WHILE_HELD
#define LET_IN_WHILE_HELD 1
#endif

int main(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	install_handler(SIGUSR1, on_usr1, 0);
	raise(SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&shared_lock), 0);
	deep_lock(0, DEEP_CNT);
	if (LET_IN_WHILE_HELD) {
		EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr1, NULL), 0);
		EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	}
	deep_unlock(0, DEEP_CNT);
	EXPECT_RET(pthread_mutex_unlock(&shared_lock), 0);
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr1, NULL), 0);
	raise(SIGUSR1);
	return 0;
}
