/*
 * A library's fork handlers, as jemalloc's: the prepare handler locks every one of
 * its 80 mutexes (each a class of its own: more than the 63 locks lockdep lets a
 * thread hold), the parent handler unlocks them, the child handler initialises them
 * again. Those locks are taken and released inside fork() and are not validated; the
 * program's own locking before and after, in parent and child, is checked as usual.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/wait.h>
#include <unistd.h>

#define LOCKS 80

static pthread_mutex_t library_locks[LOCKS] = { [0 ... LOCKS - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;

static void prepare(void)
{
	for (int i = 0; i < LOCKS; i++)
		pthread_mutex_lock(&library_locks[i]);
}

static void parent(void)
{
	for (int i = LOCKS; i-- > 0;)
		pthread_mutex_unlock(&library_locks[i]);
}

static void child(void)
{
	for (int i = 0; i < LOCKS; i++)
		pthread_mutex_init(&library_locks[i], NULL);
}

int main(void)
{
	int status;
	pid_t pid;

	pthread_atfork(prepare, parent, child);
	nest(&outer, &inner);
	pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0) {
		/* Both library locks and the program's in the child, in the same order. */
		pthread_mutex_lock(&library_locks[0]);
		pthread_mutex_unlock(&library_locks[0]);
		nest(&outer, &inner);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		return 3;
	nest(&outer, &inner);
	return 0;
}
