/*
 * Correct, under cancellation, fork and signal storms at once, for STRESS_SECONDS
 * (default 2): main starts and cancels workers, which lock in one global order,
 * create and destroy locks, wait on a condition (cancellation points, with cleanup
 * handlers) or churn locks with asynchronous cancellation on where no lock is held;
 * one thread forks children that install a handler, lock and exit (the program's own
 * fork handlers hold its locks across the fork); one installs signal handlers in a
 * loop; one sends signals to everyone. No report, no crash, no hang.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <stdatomic.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t never = PTHREAD_COND_INITIALIZER;
static atomic_int stop, failures;
static pthread_t main_thread, forker_thread;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_signal(int sig)
{
	(void)sig;
}

static void unlock_mutex(void *m)
{
	pthread_mutex_unlock(m);
}

static void *deferred_worker(void *arg)
{
	for (;;) {
		pthread_mutex_t fresh;
		struct timespec soon;

		nest(&outer, &inner);
		pthread_mutex_init(&fresh, NULL);
		nest(&outer, &fresh);
		pthread_mutex_destroy(&fresh);
		pthread_mutex_lock(&outer);
		pthread_cleanup_push(unlock_mutex, &outer);
		clock_gettime(CLOCK_REALTIME, &soon);
		soon.tv_nsec = (soon.tv_nsec + 200000) % 1000000000;
		pthread_cond_timedwait(&never, &outer, &soon);
		pthread_cleanup_pop(1);
		pthread_testcancel();
	}
	return arg;
}

static void cancel_async(int on)
{
	pthread_setcanceltype(on ? PTHREAD_CANCEL_ASYNCHRONOUS : PTHREAD_CANCEL_DEFERRED, NULL);
}

/* Each worker of this kind has locks of its own (see cancel_async_new_locks.c). */
static void *async_worker(void *arg)
{
	pthread_mutex_t *mine = arg;

	for (unsigned int i = 0;; i = (i + 1) % 4) {
		cancel_async(1);
		pthread_mutex_init(&mine[i], NULL);
		cancel_async(0);
		nest(&outer, &mine[i]);
		cancel_async(1);
		pthread_mutex_destroy(&mine[i]);
		cancel_async(0);
	}
	return NULL;
}

static void fork_prepare(void)
{
	pthread_mutex_lock(&outer);
	pthread_mutex_lock(&inner);
}

static void fork_release(void)
{
	pthread_mutex_unlock(&inner);
	pthread_mutex_unlock(&outer);
}

static void child(void)
{
	alarm(5);	/* a hang kills the child (SIGALRM), which counts as a failure */
	signal(SIGUSR2, on_signal);
	nest(&outer, &inner);
	exit(0);
}

static void *forker(void *arg)
{
	while (!stop) {
		pid_t pid = fork(), got;
		int status = 0;

		if (pid == 0)
			child();
		while ((got = waitpid(pid, &status, 0)) < 0 && pid > 0)
			;
		if (pid < 0 || got != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "scenario: a child failed (status 0x%x)\n", status);
			failures++;
		}
	}
	return arg;
}

static void *installer(void *arg)
{
	while (!stop) {
		install_handler(SIGUSR1, on_signal, SA_RESTART);
		install_handler(SIGUSR1, on_signal, SA_RESTART | SA_NODEFER);
	}
	return arg;
}

static void *signaller(void *arg)
{
	struct timespec pause = { 0, 100000 };

	while (!stop) {
		pthread_kill(main_thread, SIGUSR1);
		pthread_kill(forker_thread, SIGUSR1);
		nanosleep(&pause, NULL);
	}
	return arg;
}

int main(void)
{
	const char *seconds = getenv("STRESS_SECONDS");
	double deadline = now() + (seconds ? atof(seconds) : 2);
	static pthread_mutex_t async_locks[4096][4];
	pthread_t helpers[3];
	unsigned int round = 0;

	alarm((seconds ? atoi(seconds) : 2) + 30);	/* a hang fails the scenario */
	install_handler(SIGUSR1, on_signal, SA_RESTART);
	pthread_atfork(fork_prepare, fork_release, fork_release);
	main_thread = pthread_self();
	EXPECT_RET(pthread_create(&helpers[0], NULL, forker, NULL), 0);
	forker_thread = helpers[0];
	EXPECT_RET(pthread_create(&helpers[1], NULL, installer, NULL), 0);
	EXPECT_RET(pthread_create(&helpers[2], NULL, signaller, NULL), 0);
	for (; now() < deadline; round++) {
		struct timespec delay = { 0, 100000L * (round % 20) };
		int async = round % 2 && round / 2 < 4096;
		pthread_t t;

		EXPECT_RET(pthread_create(&t, NULL, async ? async_worker : deferred_worker,
					  async_locks[round / 2 % 4096]), 0);
		nanosleep(&delay, NULL);
		EXPECT_RET(pthread_cancel(t), 0);
		EXPECT_RET(pthread_join(t, NULL), 0);
	}
	stop = 1;
	for (int i = 0; i < 3; i++)
		EXPECT_RET(pthread_join(helpers[i], NULL), 0);
	return failures ? 3 : 0;
}
