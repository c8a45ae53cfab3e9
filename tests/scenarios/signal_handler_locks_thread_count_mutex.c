/*
 * iperf 2.1.8's shape: one handler for SIGINT and SIGTERM locks the mutex of
 * thread_sNum_cond to count the program down; every thread's start and exit locks
 * the same mutex with both signals deliverable. A ^C while a thread starts or ends,
 * and the handler waits for the mutex its own thread holds. The handler runs once,
 * at the end: reported then, from the threads' takes before it.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: thread_count_mutex
 */
#include "scenario.h"

static pthread_mutex_t thread_count_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t thread_count_cond = PTHREAD_COND_INITIALIZER;
static int threads_running, interrupted;

static void sig_exit(int sig)
{
	(void)sig;
	pthread_mutex_lock(&thread_count_mutex);
	interrupted = 1;
	pthread_cond_broadcast(&thread_count_cond);
	pthread_mutex_unlock(&thread_count_mutex);
}

static void *traffic(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&thread_count_mutex);	/* thread start */
	threads_running++;
	pthread_mutex_unlock(&thread_count_mutex);
	pthread_mutex_lock(&thread_count_mutex);	/* thread exit */
	threads_running--;
	pthread_cond_broadcast(&thread_count_cond);
	pthread_mutex_unlock(&thread_count_mutex);
	return NULL;
}

int main(void)
{
	install_handler(SIGINT, sig_exit, 0);
	install_handler(SIGTERM, sig_exit, 0);
	for (int i = 0; i < 4; i++)
		run_in_thread(traffic, NULL);
	raise(SIGINT);				/* ^C */
	return interrupted && !threads_running ? 0 : 1;
}
