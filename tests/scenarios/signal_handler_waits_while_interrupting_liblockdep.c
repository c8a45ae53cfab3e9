/*
 * A handler that blocks, on a thread it interrupted inside liblockdep: worker U
 * locks a ring of mutexes, more than its cache of recent locks (each looked up in
 * liblockdep's table, in a read section of its own), and creates, nests and destroys
 * mutexes of its own in a loop (new lock entries and classes: liblockdep's table
 * mutex, graph lock and read sections); main sends it SIGUSR1 again and again, and
 * its handler locks m; thread T, with SIGUSR1 blocked, locks m and under it creates,
 * locks and destroys a mutex of its own. Correct: U's handler only waits for T to let
 * go of m. liblockdep let the handler run where it interrupted U, holding the table's
 * mutex or in a read section, while T, holding m, waited for that mutex or for a
 * grace period (with a class per lock, each destroy waits for one): a hang. Now the
 * signal waits until U leaves liblockdep. Silent, no hang.
 * signal_handler_waits_while_interrupting_liblockdep_instance runs it with a class
 * per lock.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <time.h>
#include <unistd.h>

#define RING 256

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
/* More locks than a thread's cache of recent ones: each lock is looked up in
 * liblockdep's table, in a read section. */
static pthread_mutex_t ring[RING];
static pthread_t u_thread;
static volatile int stop;
static volatile unsigned long handled;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&m);
	handled++;
	pthread_mutex_unlock(&m);
}

static void *u_body(void *arg)
{
	(void)arg;
	while (!stop) {
		pthread_mutex_t x[3];

		for (int i = 0; i < RING; i++) {
			pthread_mutex_lock(&ring[i]);
			pthread_mutex_unlock(&ring[i]);
		}

		for (int i = 0; i < 3; i++)
			pthread_mutex_init(&x[i], NULL);
		for (int i = 0; i < 3; i++)
			pthread_mutex_lock(&x[i]);
		for (int i = 3; i-- > 0;)
			pthread_mutex_unlock(&x[i]);
		for (int i = 0; i < 3; i++)
			pthread_mutex_destroy(&x[i]);
	}
	return NULL;
}

static void *t_body(void *arg)
{
	sigset_t usr1;

	(void)arg;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	while (!stop) {
		pthread_mutex_t x;

		pthread_sigmask(SIG_BLOCK, &usr1, NULL);
		pthread_mutex_lock(&m);
		pthread_mutex_init(&x, NULL);
		pthread_mutex_lock(&x);
		pthread_mutex_unlock(&x);
		pthread_mutex_destroy(&x);
		pthread_mutex_unlock(&m);
		pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
	}
	return NULL;
}

int main(void)
{
	struct timespec pause = { 0, 20000 };
	double end = now() + 1.5;
	pthread_t t;

	alarm(10);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	install_handler(SIGUSR1, on_usr1, SA_RESTART);
	/* Main and T never take SIGUSR1: only U's handler runs. */
	if (pthread_create(&u_thread, NULL, u_body, NULL) ||
	    pthread_create(&t, NULL, t_body, NULL))
		return 2;
	while (now() < end) {
		pthread_kill(u_thread, SIGUSR1);
		nanosleep(&pause, NULL);
	}
	stop = 1;
	pthread_join(t, NULL);
	pthread_join(u_thread, NULL);
	if (!handled) {
		fprintf(stderr, "scenario: no handler ran\n");
		return 2;
	}
	return 0;
}
