/* The thread takes shared_lock; or, with -DHOLDS_WHILE_JOINING, main() holds it while
 * it joins the thread (tests/graph/thread_in_main.c). */
#include <pthread.h>

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
#ifndef HOLDS_WHILE_JOINING
	pthread_mutex_lock(&shared_lock);
	pthread_mutex_unlock(&shared_lock);
#endif
	return arg;
}

void before_join(void)
{
#ifdef HOLDS_WHILE_JOINING
	pthread_mutex_lock(&shared_lock);
#endif
}

void after_join(void)
{
#ifdef HOLDS_WHILE_JOINING
	pthread_mutex_unlock(&shared_lock);
#endif
}
