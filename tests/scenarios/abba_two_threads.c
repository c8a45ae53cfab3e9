/*
 * Two threads take the same two locks in opposite orders, one after the other, so
 * the run never hangs; the report comes from the second thread.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: first_lock second_lock
 * Fingerprint: circular-0539c9fe
 */
#include "scenario.h"

static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;

static void *forward(void *arg)
{
	pthread_mutex_lock(&first_lock);
	pthread_mutex_lock(&second_lock);
	pthread_mutex_unlock(&second_lock);
	pthread_mutex_unlock(&first_lock);
	return arg;
}

static void *backward(void *arg)
{
	pthread_mutex_lock(&second_lock);
	pthread_mutex_lock(&first_lock);
	pthread_mutex_unlock(&first_lock);
	pthread_mutex_unlock(&second_lock);
	return arg;
}

int main(void)
{
	run_in_thread(forward, NULL);
	run_in_thread(backward, NULL);
	return 0;
}
