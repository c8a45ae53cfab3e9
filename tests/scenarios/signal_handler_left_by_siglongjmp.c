/*
 * A handler that never returns: it leaves by siglongjmp(), three times over. After
 * that the program is in task context again with interrupts on, even deep in its
 * stack where the handlers' frames were: taking the handler's lock with the signal
 * deliverable is reported (once), and other locks are not.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: jobs_lock
 */
#include "scenario.h"
#include <setjmp.h>

static pthread_mutex_t jobs_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other_lock = PTHREAD_MUTEX_INITIALIZER;
static sigjmp_buf restart;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&jobs_lock);
	pthread_mutex_unlock(&jobs_lock);
	siglongjmp(restart, 1);
}

/* Takes the locks from deeper in the stack than the handlers ran. */
static int deep(int n)
{
	volatile char frame[256];

	frame[0] = (char)n;
	if (n)
		return deep(n - 1) + frame[0];
	pthread_mutex_lock(&other_lock);
	pthread_mutex_unlock(&other_lock);
	pthread_mutex_lock(&jobs_lock);
	pthread_mutex_unlock(&jobs_lock);
	return 0;
}

int main(void)
{
	volatile int jumps = 0;

	install_handler(SIGUSR1, on_usr1, 0);

	if (sigsetjmp(restart, 1))
		jumps++;
	if (jumps < 3)
		raise(SIGUSR1);
	return deep(64) == 64 * 64 / 2 + 32 ? 0 : 1;
}
