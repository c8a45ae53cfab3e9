/*
 * LIBLOCKDEP_SHOW_LOCKS_SIGNAL (SIGUSR1, 10, here) in a child of fork(), which has no
 * watchdog to print: the child sends itself the signal twice while it holds
 * child_lock. Expected: one line that says why nothing is shown, and the signal's
 * default action (the child ends by SIGUSR1), as without liblockdep. The parent
 * exits 0 when so, 1 when the child lived on.
 */
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t child_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		pthread_mutex_lock(&child_lock);
		raise(SIGUSR1);
		raise(SIGUSR1);
		pthread_mutex_unlock(&child_lock);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 2;
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1 ? 0 : 1;
}
