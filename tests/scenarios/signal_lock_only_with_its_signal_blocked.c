/*
 * A SIGUSR1 handler takes cache_lock; every thread that takes cache_lock blocks
 * SIGUSR1 around it. A SIGABRT crash handler, which takes no lock, stays deliverable
 * throughout. The one handler that takes the lock cannot arrive where it is held,
 * and the one that can arrive takes no lock: no deadlock. Silent.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t crashed;
static long hits;

static void on_abort(int sig)
{
	(void)sig;
	crashed = 1;
}

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&cache_lock);
	hits++;
	pthread_mutex_unlock(&cache_lock);
}

static void *lookup(void *arg)
{
	sigset_t usr1;

	(void)arg;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	pthread_mutex_lock(&cache_lock);
	hits++;
	pthread_mutex_unlock(&cache_lock);
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &usr1, NULL), 0);
	return NULL;
}

int main(void)
{
	install_handler(SIGABRT, on_abort, 0);
	install_handler(SIGUSR1, on_usr1, 0);
	lookup(NULL);
	run_in_thread(lookup, NULL);
	raise(SIGUSR1);
	lookup(NULL);
	raise(SIGUSR1);
	return hits == 5 && !crashed ? 0 : 1;
}
