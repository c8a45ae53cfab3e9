/*
 * Signals arriving anywhere, liblockdep's own work included: one thread locks and
 * unlocks a mutex in a loop while another keeps signalling it, and the handler takes
 * a lock of its own. A handler that interrupts liblockdep runs unchecked, the others
 * are checked; none may deadlock, corrupt the held-lock records, or report, since
 * the handler's lock is only ever taken in the handler.
 *
 * Expect: silent
 */
#include "scenario.h"

#define ROUNDS 200000

static pthread_mutex_t work_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int done;
static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&handler_lock);
	handled++;
	pthread_mutex_unlock(&handler_lock);
}

static void *worker(void *arg)
{
	(void)arg;
	for (long i = 0; i < ROUNDS || !handled; i++) {
		pthread_mutex_lock(&work_lock);
		pthread_mutex_unlock(&work_lock);
	}
	done = 1;
	return NULL;
}

int main(void)
{
	pthread_t t;

	install_handler(SIGUSR1, on_usr1, SA_RESTART);
	EXPECT_RET(pthread_create(&t, NULL, worker, NULL), 0);
	while (!done)
		pthread_kill(t, SIGUSR1);
	EXPECT_RET(pthread_join(t, NULL), 0);
	return 0;
}
