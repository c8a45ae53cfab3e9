/*
 * A spin lock on the heap initialised and first locked inside a signal handler, then
 * locked by the program with the signal deliverable: a signal then, and the handler
 * spins on the lock its own thread holds. As the kernel's selftest irqsafe1 with the
 * interrupt's step first: inconsistent lock state. A lock made in a handler is no
 * private lock whose first acquisition cannot wait (src/first_use.c): that
 * acquisition makes it hard-irq safe.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: spinlock@count
 */
#include "scenario.h"

static pthread_spinlock_t *stats_lock;

static void count(int sig)
{
	(void)sig;
	pthread_spin_init(stats_lock, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_lock(stats_lock);
	pthread_spin_unlock(stats_lock);
}

int main(void)
{
	stats_lock = malloc(sizeof(*stats_lock));
	if (!stats_lock)
		return 2;
	install_handler(SIGUSR1, count, 0);
	raise(SIGUSR1);
	pthread_spin_lock(stats_lock);
	pthread_spin_unlock(stats_lock);
	pthread_spin_destroy(stats_lock);
	free((void *)stats_lock);
	return 0;
}
