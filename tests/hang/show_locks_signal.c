/*
 * The held-locks view on demand: the program holds session_lock and sends itself
 * LIBLOCKDEP_SHOW_LOCKS_SIGNAL (SIGUSR1, 10, here) while it holds it, and calls
 * liblockdep_show_all_locks() when it holds nothing; it sleeps so that the watchdog
 * prints before the lock goes.
 */
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static pthread_mutex_t session_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&session_lock);
	raise(SIGUSR1);
	usleep(300000);
	pthread_mutex_unlock(&session_lock);
	liblockdep_show_all_locks();
	return 0;
}
