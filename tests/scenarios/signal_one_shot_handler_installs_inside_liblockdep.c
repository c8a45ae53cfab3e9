/*
 * A one-shot handler (SA_RESETHAND) that installs handlers, run on a thread it
 * interrupted inside liblockdep: main initialises, locks and destroys mutexes in a
 * loop (each destroy reads which threads hold what, under one of liblockdep's
 * mutexes); a signaller sends it SIGUSR1, the next once the handler has run; the
 * handler installs a handler for SIGUSR2 or removes it, by turns (the set of
 * handled signals changes), and arms itself again (the handler that ran is
 * replaced). Such a handler cannot wait until its thread leaves liblockdep (its
 * signal's action is already the default): it runs there, unchecked. liblockdep's
 * sigaction() then told every thread of the change, and forgot the handlers' usage,
 * under the mutexes the interrupted code held: a hang. Now the thread does it as it
 * leaves liblockdep. Silent, no hang.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <time.h>
#include <unistd.h>

static pthread_t main_thread;
static struct sigaction one_shot;
static volatile sig_atomic_t handled, stop;

static void on_usr2(int sig)
{
	(void)sig;
}

static void on_usr1(int sig)
{
	struct sigaction usr2 = { .sa_handler = handled % 2 ? on_usr2 : SIG_DFL };

	sigaction(SIGUSR2, &usr2, NULL);
	sigaction(sig, &one_shot, NULL);
	handled++;
}

/* A signal at a time: the handler is armed again before the next. */
static void *signaller(void *arg)
{
	struct timespec pause = { 0, 50000 };

	while (!stop) {
		sig_atomic_t seen = handled;

		pthread_kill(main_thread, SIGUSR1);
		while (handled == seen && !stop)
			nanosleep(&pause, NULL);
	}
	return arg;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
	double end = now() + 1.5;
	pthread_mutex_t m[16];
	pthread_t s;

	alarm(10);	/* a hang fails the scenario (SIGALRM) instead of blocking it */
	one_shot.sa_handler = on_usr1;
	one_shot.sa_flags = SA_RESETHAND;
	sigemptyset(&one_shot.sa_mask);
	main_thread = pthread_self();
	if (sigaction(SIGUSR1, &one_shot, NULL) || pthread_create(&s, NULL, signaller, NULL))
		return 2;
	while (now() < end) {
		for (int i = 0; i < 16; i++)
			pthread_mutex_init(&m[i], NULL);
		for (int i = 0; i < 16; i++) {
			pthread_mutex_lock(&m[i]);
			pthread_mutex_unlock(&m[i]);
		}
		for (int i = 0; i < 16; i++)
			pthread_mutex_destroy(&m[i]);
	}
	stop = 1;
	pthread_join(s, NULL);
	if (handled < 100) {
		fprintf(stderr, "scenario: only %d handlers ran\n", (int)handled);
		return 2;
	}
	return 0;
}
