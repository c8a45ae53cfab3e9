/*
 * A handler installed with SA_NODEFER can interrupt itself: its signal stays
 * deliverable while it runs, so the lock it takes is taken in hard-irq context with
 * interrupts on. A second signal while the first handler holds the lock deadlocks.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: log_lock
 */
#include "scenario.h"

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&log_lock);
	pthread_mutex_unlock(&log_lock);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, SA_NODEFER);
	raise(SIGUSR1);
	return 0;
}
