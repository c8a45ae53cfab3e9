/*
 * A PostgreSQL backend: the postmaster's SIGUSR1 handler takes the random-number
 * lock (with every signal blocked elsewhere, which is safe); a child it forks
 * replaces that handler with one that only sets a flag, then takes the lock with
 * the signal deliverable. No handler of the child takes the lock: the usage in a
 * handler that the child inherited belongs to a handler it no longer has. A second
 * child is forked from inside the handler, as the postmaster starts its background
 * workers, and lives its life there: it is a program of its own, not an interrupt.
 * Silent.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t rand_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t flagged, forked_in_handler;
static long draws;

static void draw_random(void)
{
	pthread_mutex_lock(&rand_lock);
	draws++;
	pthread_mutex_unlock(&rand_lock);
}

static void set_flag(int sig)
{
	(void)sig;
	flagged = 1;
}

/* The backend's life: its own handlers, signals deliverable, the lock taken. */
static void backend(void)
{
	sigset_t none;

	install_handler(SIGUSR1, set_flag, 0);
	sigemptyset(&none);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &none, NULL), 0);
	draw_random();
	raise(SIGUSR1);
	draw_random();
	_exit(flagged ? 0 : 1);
}

static int start_backend(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		backend();
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 2;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}

static void postmaster_usr1(int sig)
{
	(void)sig;
	draw_random();
	if (forked_in_handler++ == 0 && start_backend() != 0)
		_exit(1);
}

int main(void)
{
	sigset_t block_all, none;

	sigfillset(&block_all);
	sigemptyset(&none);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	install_handler(SIGUSR1, postmaster_usr1, 0);
	draw_random();
	raise(SIGUSR1);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &none, NULL), 0);	/* the handler runs */
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	return start_backend();
}
