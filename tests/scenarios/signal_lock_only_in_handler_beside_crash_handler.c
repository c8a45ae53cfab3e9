/*
 * PowerDNS Authoritative's shape: a SIGALRM handler takes a lock that nothing else
 * takes, and a SIGABRT crash handler, which takes no lock, is installed too and
 * deliverable while the SIGALRM handler runs. The crash handler can interrupt the
 * SIGALRM handler, but it never waits for anything: no deadlock. Only a handler that
 * locks is an interrupt, so the lock is not "taken with interrupts on". Silent.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t zone_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t crashed;
static long refreshes;

static void on_abort(int sig)
{
	(void)sig;
	crashed = 1;		/* a crash handler: writes a flag, takes no lock */
}

static void on_alarm(int sig)
{
	(void)sig;
	pthread_mutex_lock(&zone_lock);
	refreshes++;
	pthread_mutex_unlock(&zone_lock);
}

static void *raise_alarm(void *arg)
{
	(void)arg;
	raise(SIGALRM);
	return NULL;
}

int main(void)
{
	install_handler(SIGABRT, on_abort, 0);
	install_handler(SIGALRM, on_alarm, 0);
	raise(SIGALRM);
	run_in_thread(raise_alarm, NULL);
	raise(SIGALRM);
	return refreshes == 3 && !crashed ? 0 : 1;
}
