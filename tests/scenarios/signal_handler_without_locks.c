/*
 * A handler that takes no lock, delivered while the program holds locks with the
 * signal deliverable, in another thread too: nothing to report.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t delivered;

static void on_usr1(int sig)
{
	(void)sig;
	delivered++;
}

static void *work(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&a);
	pthread_mutex_lock(&b);
	pthread_kill(pthread_self(), SIGUSR1);
	pthread_mutex_unlock(&b);
	pthread_mutex_unlock(&a);
	return NULL;
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	work(NULL);
	run_in_thread(work, NULL);
	return delivered == 2 ? 0 : 1;
}
