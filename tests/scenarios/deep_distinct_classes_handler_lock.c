/*
 * A signal handler that takes a lock of its own, run at every depth while the
 * thread takes and lets go of 70 locks of as many classes: at 62 held, lockdep's
 * records are full when the handler's lock comes, and the outermost are set aside
 * in the handler (src/merged_locks.c), to come back as it returns. A correct
 * program, silent.
 *
 * Expect: silent
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&handler_lock), 0);
	handled++;
	EXPECT_RET(pthread_mutex_unlock(&handler_lock), 0);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	deep_lock_unlock_raising(SIGUSR1);
	return handled == 2 * DEEP_CNT ? 0 : 1;
}
