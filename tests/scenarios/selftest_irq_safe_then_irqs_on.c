/*
 * The kernel's locking selftest "safe-A + irqs-on" (lib/locking-selftest.c), with a
 * signal handler as the interrupt: the handler takes A, so A is hard-irq safe; later
 * the program takes A with the signal blocked and unblocks it while still holding A.
 * A signal then, and the handler waits for A on the thread that holds it. The
 * kernel's verdict, which is ours: inconsistent lock state.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: irq_safe_lock
 */
#include "scenario.h"

static pthread_mutex_t irq_safe_lock = PTHREAD_MUTEX_INITIALIZER;

static void take_lock(int sig)
{
	(void)sig;
	pthread_mutex_lock(&irq_safe_lock);
	pthread_mutex_unlock(&irq_safe_lock);
}

int main(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	install_handler(SIGUSR1, take_lock, 0);
	raise(SIGUSR1);

	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	pthread_mutex_lock(&irq_safe_lock);
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
	pthread_mutex_unlock(&irq_safe_lock);
	return 0;
}
