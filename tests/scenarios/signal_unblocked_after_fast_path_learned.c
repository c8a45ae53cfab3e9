/*
 * The fast path must not hide a take from the handler's record. A thread takes
 * stats_lock many times with SIGUSR1 blocked (a lock-free SIGABRT handler stays
 * deliverable), so its fast path knows that acquisition; then it unblocks SIGUSR1
 * and takes stats_lock again, the same way. That take is one SIGUSR1's handler can
 * interrupt, and the handler takes stats_lock when it first runs: reported.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: stats_lock
 */
#include "scenario.h"

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t crashed;
static long stats;

static void on_abort(int sig)
{
	(void)sig;
	crashed = 1;
}

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
}

static void count(void)
{
	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
}

int main(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	install_handler(SIGABRT, on_abort, 0);
	install_handler(SIGUSR1, on_usr1, 0);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	for (int i = 0; i < 100; i++)
		count();
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr1, NULL), 0);
	count();			/* SIGUSR1 may arrive right here */
	raise(SIGUSR1);
	return stats == 102 && !crashed ? 0 : 1;
}
