/*
 * The other side of signal_fork_child_own_handlers.c: the child installs the
 * parent's handler again, the same function, which takes the lock; then the child
 * takes the lock with the signal deliverable. Should the signal arrive then, the
 * handler waits for the lock its own thread holds. The usage in the handler that the
 * child inherited is still its handler's: reported, in the child.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: rand_lock
 */
#include "scenario.h"
#include <sys/wait.h>
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
	sigset_t block_all, none;
	int status;
	pid_t pid;

	sigfillset(&block_all);
	sigemptyset(&none);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	install_handler(SIGUSR1, on_usr1, 0);
	raise(SIGUSR1);
	EXPECT_RET(sigprocmask(SIG_SETMASK, &none, NULL), 0);	/* the handler runs */
	EXPECT_RET(sigprocmask(SIG_SETMASK, &block_all, NULL), 0);
	pid = fork();
	if (pid == 0) {
		install_handler(SIGUSR1, on_usr1, 0);
		EXPECT_RET(sigprocmask(SIG_SETMASK, &none, NULL), 0);
		draw_random();
		exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 2;
	/* The child's status: liblockdep's for a report. */
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
