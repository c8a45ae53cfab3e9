/*
 * An irq lock inversion through two locks. With SIGUSR1 blocked the program takes
 * queue_lock, then config_lock inside it; elsewhere it takes config_lock with the
 * signal deliverable; the handler takes queue_lock. Thread 1 holding config_lock
 * with the signal deliverable, thread 2 holding queue_lock and waiting for
 * config_lock: the signal arrives at thread 1, whose handler waits for queue_lock.
 * The dependency comes first here, so lockdep reports it when the handler makes
 * queue_lock hard-irq safe.
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
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

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(sigprocmask(SIG_BLOCK, &usr1, &old), 0);
	pthread_mutex_lock(&queue_lock);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_unlock(&queue_lock);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &old, NULL), 0);

	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	raise(SIGUSR1);
	return 0;
}
