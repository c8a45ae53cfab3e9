/*
 * A signal handler takes a lock that the program also takes with the signal
 * deliverable: if the signal arrives while the program holds the lock, the handler
 * waits for it forever on the same thread. Lockdep reports the lock's two usages
 * when the handler takes it, inside the handler.
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
	install_handler(SIGUSR1, on_usr1, 0);

	pthread_mutex_lock(&stats_lock);
	stats++;
	pthread_mutex_unlock(&stats_lock);
	raise(SIGUSR1);
	return stats == 2 ? 0 : 1;
}
