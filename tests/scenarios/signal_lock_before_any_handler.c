/*
 * PostgreSQL's postmaster: it takes libcrypto's random-number lock before it
 * installs any signal handler, then installs handlers that take the same lock, but
 * keeps every signal blocked except inside select(), where it holds nothing. No
 * handler can interrupt a holder: before the first sigaction() there is no handler
 * to run, and after it the signal is blocked whenever the lock is held. Silent.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/select.h>
#include <unistd.h>

static pthread_mutex_t rand_lock = PTHREAD_MUTEX_INITIALIZER;
static long draws;

static void draw_random(void)
{
	pthread_mutex_lock(&rand_lock);
	draws++;
	pthread_mutex_unlock(&rand_lock);
}

static void on_usr1(int sig)
{
	(void)sig;
	draw_random();
}

int main(void)
{
	struct timeval tick = { 0, 1000 };
	struct sigaction sa = { .sa_handler = on_usr1 };
	sigset_t block_all, unblocked;

	draw_random();			/* InitProcessGlobals(): no handler yet */
	sigfillset(&block_all);
	sigemptyset(&unblocked);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	sigfillset(&sa.sa_mask);
	EXPECT_RET(sigaction(SIGUSR1, &sa, NULL), 0);
	draw_random();			/* every signal blocked */
	kill(getpid(), SIGUSR1);
	/* The server loop: signals come in only while it waits, holding nothing. */
	EXPECT_RET(sigprocmask(SIG_SETMASK, &unblocked, NULL), 0);
	select(0, NULL, NULL, NULL, &tick);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	draw_random();
	return draws == 4 ? 0 : 1;
}
