/*
 * The other side of signal_locks_taken_before_their_handler.c: beside a lock-free
 * SIGABRT crash handler, the SIGALRM handler that takes zone_lock is installed, and
 * only then does the program take zone_lock, with SIGALRM deliverable. A SIGALRM
 * then, and the handler waits for the lock its own thread holds. The take counts
 * although the handler had not run yet: reported when it runs.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: zone_lock
 */
#include "scenario.h"

static pthread_mutex_t zone_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t crashed;
static long refreshes;

static void on_abort(int sig)
{
	(void)sig;
	crashed = 1;
}

static void refresh(void)
{
	pthread_mutex_lock(&zone_lock);
	refreshes++;
	pthread_mutex_unlock(&zone_lock);
}

static void on_alarm(int sig)
{
	(void)sig;
	refresh();
}

int main(void)
{
	install_handler(SIGABRT, on_abort, 0);
	refresh();			/* before the handler: does not count */
	install_handler(SIGALRM, on_alarm, 0);
	refresh();			/* SIGALRM may arrive right here */
	raise(SIGALRM);
	return refreshes == 3 && !crashed ? 0 : 1;
}
