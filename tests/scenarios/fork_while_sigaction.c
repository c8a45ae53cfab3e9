/*
 * One thread installs signal handlers in a loop while main forks: each child, whose
 * only thread is the forking one, installs a handler, locks and exits. liblockdep's
 * locks (the handler table's, the symbol table's, the output's...) must all be free
 * in the child, whatever the other thread was doing at the fork.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FORKS 200

static pthread_mutex_t child_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int stop;

static void on_usr1(int sig)
{
	(void)sig;
}

static void on_usr2(int sig)
{
	(void)sig;
}

static void *install_in_a_loop(void *arg)
{
	while (!stop) {
		install_handler(SIGUSR1, on_usr1, 0);
		install_handler(SIGUSR1, on_usr2, SA_RESTART);
	}
	return arg;
}

static void child(void)
{
	alarm(5);	/* a hang kills the child (SIGALRM), which fails the scenario */
	signal(SIGUSR2, on_usr2);
	pthread_mutex_lock(&child_lock);
	pthread_mutex_unlock(&child_lock);
	exit(0);
}

int main(void)
{
	pthread_t t;
	int status;

	EXPECT_RET(pthread_create(&t, NULL, install_in_a_loop, NULL), 0);
	for (int i = 0; i < FORKS; i++) {
		pid_t pid = fork();

		if (pid == 0)
			child();
		if (pid < 0 || waitpid(pid, &status, 0) != pid ||
		    !WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "scenario: child %d failed (status 0x%x)\n", i, status);
			return 3;
		}
	}
	stop = 1;
	EXPECT_RET(pthread_join(t, NULL), 0);
	return 0;
}
