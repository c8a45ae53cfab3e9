/*
 * A handler installed with SA_NODEFER can interrupt itself: its signal stays
 * deliverable while it runs, so the lock it takes is taken in hard-irq context with
 * interrupts on. A second signal while the first handler holds the lock deadlocks.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: log_lock
 */
#include "scenario.h"
#include <signal.h>
#include <string.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&log_lock);
	pthread_mutex_unlock(&log_lock);
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	EXPECT_RET(sigaction(SIGUSR1, &sa, NULL), 0);
	raise(SIGUSR1);
	return 0;
}
