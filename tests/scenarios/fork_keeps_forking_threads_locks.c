/*
 * Correct: fork() while this thread holds a lock and another thread holds another.
 * The child inherits only the forking thread's held lock (and unlocks it, balanced);
 * the other thread's lock is not "held" by anyone in the child. Lockdep's state and
 * its locks are consistent in the child, which goes on locking.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t forker_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t other_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t child_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t ready = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
static int other_holds, may_release;

static void *hold_other(void *arg)
{
	pthread_mutex_lock(&other_lock);
	pthread_mutex_lock(&ready);
	other_holds = 1;
	pthread_cond_broadcast(&ready_cond);
	while (!may_release)
		pthread_cond_wait(&ready_cond, &ready);
	pthread_mutex_unlock(&ready);
	pthread_mutex_unlock(&other_lock);
	return arg;
}

int main(void)
{
	pthread_t t;
	int status;
	pid_t pid;

	pthread_create(&t, NULL, hold_other, NULL);
	pthread_mutex_lock(&ready);
	while (!other_holds)
		pthread_cond_wait(&ready_cond, &ready);
	pthread_mutex_unlock(&ready);

	pthread_mutex_lock(&forker_lock);
	pid = fork();
	if (pid == 0) {
		pthread_mutex_lock(&child_lock);
		pthread_mutex_unlock(&child_lock);
		pthread_mutex_unlock(&forker_lock);
		for (int i = 0; i < 100; i++) {
			pthread_mutex_lock(&forker_lock);
			pthread_mutex_lock(&child_lock);
			pthread_mutex_unlock(&child_lock);
			pthread_mutex_unlock(&forker_lock);
		}
		_exit(0);
	}
	pthread_mutex_unlock(&forker_lock);
	waitpid(pid, &status, 0);

	pthread_mutex_lock(&ready);
	may_release = 1;
	pthread_cond_broadcast(&ready_cond);
	pthread_mutex_unlock(&ready);
	pthread_join(t, NULL);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
