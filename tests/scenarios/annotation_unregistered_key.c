/*
 * liblockdep_set_class() with a key that was never registered (one on the stack):
 * a report naming the annotation and its call site; the lock keeps its class and
 * checking stays on, so an AB-BA later is still reported; and a fork() from another
 * thread afterwards does not hang (the report was finished).
 *
 * Expect: BUG: liblockdep_set_class(): key not registered
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

static void *fork_and_wait(void *unused)
{
	int status;
	pid_t pid = fork();

	(void)unused;
	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || status != 0)
		exit(4);
	return NULL;
}

int main(void)
{
	struct liblockdep_key stack_key;
	pthread_mutex_t object;

	EXPECT_RET(pthread_mutex_init(&object, NULL), 0);
	liblockdep_set_class(&object, &stack_key, "stack_key");
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	run_in_thread(fork_and_wait, NULL);
	pthread_mutex_destroy(&object);
	return 0;
}
