/*
 * A handler's first sight of a lock while the thread it interrupted is in malloc:
 * main allocates and frees in a loop, another thread signals it again and again, and
 * each handler locks a lock never locked before. liblockdep sets up each new lock
 * (side-table entry, class name) inside the handler, so that must not call malloc,
 * which may hold its arena lock in the interrupted code. Correct: silent, no hang.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sched.h>

#define NR_HANDLER_LOCKS 600

/* Lock i + 1 lies at an offset into this array: its name is formatted, not a symbol's. */
static pthread_mutex_t handler_locks[NR_HANDLER_LOCKS] = {
	[0 ... NR_HANDLER_LOCKS - 1] = PTHREAD_MUTEX_INITIALIZER
};
static pthread_t main_thread;
static volatile sig_atomic_t handled;
static volatile int done;

static void on_usr1(int sig)
{
	pthread_mutex_t *lock = &handler_locks[handled % NR_HANDLER_LOCKS];

	(void)sig;
	pthread_mutex_lock(lock);
	handled++;
	pthread_mutex_unlock(lock);
}

static void *signaller(void *arg)
{
	(void)arg;
	while (handled < NR_HANDLER_LOCKS) {
		pthread_kill(main_thread, SIGUSR1);
		sched_yield();
	}
	done = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;

	main_thread = pthread_self();
	install_handler(SIGUSR1, on_usr1, SA_RESTART);
	EXPECT_RET(pthread_create(&t, NULL, signaller, NULL), 0);
	/* Sizes past glibc's per-thread cache, so that each call takes the arena lock. */
	for (unsigned long i = 0; !done; i++) {
		char *p = malloc(2048 + (i % 64) * 512);

		if (!p)
			return 2;
		p[0] = (char)i;
		free(p);
	}
	EXPECT_RET(pthread_join(t, NULL), 0);
	return 0;
}
