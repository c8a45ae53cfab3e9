/*
 * The other side of signal_lock_before_any_handler.c: a lock taken before any
 * handler is installed and still held, deliverable, when one is. From then on the
 * handler can interrupt its holder, and the handler takes it: the thread would wait
 * for itself. Interrupts come on for the locks held when the handler appears, so
 * the lock's two usages are reported when the handler takes it.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: stats_lock
 */
#include "scenario.h"

static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static long stats;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
}

int main(void)
{
	pthread_mutex_lock(&stats_lock);
	install_handler(SIGUSR1, on_usr1, 0);
	stats++;
	pthread_mutex_unlock(&stats_lock);
	raise(SIGUSR1);
	return stats == 2 ? 0 : 1;
}
