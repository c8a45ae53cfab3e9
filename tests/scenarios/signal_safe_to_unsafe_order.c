/*
 * The same two locks as in signal_irq_lock_inversion.c, in the other order of
 * events: the handler has made queue_lock hard-irq safe and config_lock is known to
 * be taken with the signal deliverable before the program, with SIGUSR1 blocked,
 * first takes config_lock inside queue_lock. Lockdep reports the new dependency.
 *
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: queue_lock config_lock
 */
#include "scenario.h"

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_unlock(&queue_lock);
}

int main(void)
{
	sigset_t usr1, old;

	install_handler(SIGUSR1, on_usr1, 0);

	raise(SIGUSR1);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_unlock(&queue_lock);
	EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);
	return 0;
}
