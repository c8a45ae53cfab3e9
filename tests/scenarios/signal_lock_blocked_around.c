/*
 * The same lock as in signal_lock_in_handler_and_unblocked.c, but the program blocks
 * the signal while it holds the lock, so the handler can never interrupt the holder:
 * nothing to report. A mutex may be taken in a handler (blocking there is allowed),
 * so there is no invalid wait context either.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long stats;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
}

static void count(void)
{
	sigset_t usr1, old;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
	EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);

	count();
	raise(SIGUSR1);
	count();
	raise(SIGUSR1);
	return stats == 4 ? 0 : 1;
}
