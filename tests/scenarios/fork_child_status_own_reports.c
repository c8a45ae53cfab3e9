/*
 * After the parent's report, its forked children exit with their own status (APR's
 * testprocmutex forks after a report and checks each child's): one by exit(3), one by
 * _exit(4). A child that reports a deadlock of its own exits with LIBLOCKDEP_EXITCODE
 * (66; 0 when liblockdep is off). The parent checks each status and aborts if one
 * is not as expected.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: accounts journal cache index_lock
 */
#include "scenario.h"
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;

/* The status a child ended with, or -1 if it did not exit. */
static int child_status(void (*child)(void))
{
	int status;
	pid_t pid = fork();

	if (pid == 0)
		child();
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void child_exit(void)
{
	nest(&accounts, &journal);
	exit(3);
}

static void child_underscore_exit(void)
{
	_exit(4);
}

static void child_reports(void)
{
	nest(&cache, &index_lock);
	nest(&index_lock, &cache);
	exit(0);
}

int main(void)
{
	int exited, underscore, reported, want = liblockdep_enabled() ? 66 : 0;

	nest(&accounts, &journal);
	nest(&journal, &accounts);
	exited = child_status(child_exit);
	underscore = child_status(child_underscore_exit);
	reported = child_status(child_reports);
	if (exited != 3 || underscore != 4 || reported != want) {
		printf("children exited %d, %d and %d, not 3, 4 and %d\n", exited, underscore,
		       reported, want);
		abort();
	}
	return 0;
}
