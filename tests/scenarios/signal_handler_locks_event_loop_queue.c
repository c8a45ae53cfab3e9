/*
 * h2o 2.2.5's shape: each event loop thread takes its message queue's mutex with
 * SIGTERM deliverable; the SIGTERM handler posts a "shut down" message to the queue,
 * taking that mutex, then resets itself to SIG_DFL. If SIGTERM arrives while the loop
 * thread holds the mutex, the handler waits on it forever. The handler runs once, at
 * the end, so the loop's takes before it are the evidence: reported when it runs.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: queue_mutex
 */
#include "scenario.h"
#include <unistd.h>

static pthread_mutex_t queue_mutex = PTHREAD_MUTEX_INITIALIZER;
static int messages, shutdown_requested;
static int rounds;

static void on_sigterm(int sig)
{
	pthread_mutex_lock(&queue_mutex);
	messages++;
	shutdown_requested = 1;
	pthread_mutex_unlock(&queue_mutex);
	signal(sig, SIG_DFL);
}

static void *event_loop(void *arg)
{
	int done = 0;

	(void)arg;
	while (!done) {
		pthread_mutex_lock(&queue_mutex);	/* SIGTERM may arrive right here */
		done = shutdown_requested;
		messages = 0;
		pthread_mutex_unlock(&queue_mutex);
		__atomic_add_fetch(&rounds, 1, __ATOMIC_SEQ_CST);
		usleep(1000);
	}
	return NULL;
}

int main(void)
{
	pthread_t loop;
	sigset_t term;

	install_handler(SIGTERM, on_sigterm, 0);
	if (pthread_create(&loop, NULL, event_loop, NULL))
		return 2;
	while (__atomic_load_n(&rounds, __ATOMIC_SEQ_CST) < 3)
		usleep(1000);
	/* Delivered here, in the main thread, which holds nothing. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &term, NULL), 0);
	raise(SIGTERM);
	EXPECT_RET(pthread_sigmask(SIG_UNBLOCK, &term, NULL), 0);
	pthread_join(loop, NULL);
	return 0;
}
