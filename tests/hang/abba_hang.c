/*
 * A real AB-BA deadlock, left to hang: two threads each hold one lock and wait for
 * the other's, and the main thread joins them. Under LIBLOCKDEP_HANG=1 the watchdog
 * prints the hung tasks, both threads' held locks and the cycle; the test kills it.
 */
#include <pthread.h>
static pthread_mutex_t accounts_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both_hold;

static void *transfer(void *arg)
{
	pthread_mutex_lock(&accounts_lock);
	pthread_barrier_wait(&both_hold);
	pthread_mutex_lock(&audit_lock);
	return arg;
}

static void *audit(void *arg)
{
	pthread_mutex_lock(&audit_lock);
	pthread_barrier_wait(&both_hold);
	pthread_mutex_lock(&accounts_lock);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	pthread_barrier_init(&both_hold, NULL, 2);
	pthread_create(&a, NULL, transfer, NULL);
	pthread_create(&b, NULL, audit, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
