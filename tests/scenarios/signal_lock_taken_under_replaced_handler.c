/*
 * Only the handler installed at a take can interrupt it. A SIGUSR1 handler that
 * only counts is installed while the program takes cache_lock with SIGUSR1
 * deliverable; then it is replaced by one that takes cache_lock, and the program
 * takes cache_lock only with SIGUSR1 blocked from then on. The handler that locks
 * could never interrupt a holder: silent. (Had a take with it installed and SIGUSR1
 * deliverable come after, it would be reported: signal_lock_taken_after_its_handler.)
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t counted;
static long hits;

static void count_only(int sig)
{
	(void)sig;
	counted++;
}

static void flush_cache(int sig)
{
	(void)sig;
	pthread_mutex_lock(&cache_lock);
	hits++;
	pthread_mutex_unlock(&cache_lock);
}

static void lookup(void)
{
	pthread_mutex_lock(&cache_lock);
	hits++;
	pthread_mutex_unlock(&cache_lock);
}

int main(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	install_handler(SIGUSR1, count_only, 0);
	lookup();
	raise(SIGUSR1);
	install_handler(SIGUSR1, flush_cache, 0);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	lookup();
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr1, NULL), 0);
	raise(SIGUSR1);
	return hits == 3 && counted == 1 ? 0 : 1;
}
