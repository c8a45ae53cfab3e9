/*
 * liblockdep demo: two threads take the same two locks in opposite orders. They run
 * one after the other, so the program never actually deadlocks, but the order is a
 * deadlock waiting for the wrong interleaving; lockdep reports it the first time.
 *
 *   cc -DLIBLOCKDEP -include liblockdep.h -pthread demo.c liblockdep.c -o demo
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t accounts_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit_log_lock = PTHREAD_MUTEX_INITIALIZER;

static void *transfer(void *arg)
{
	pthread_mutex_lock(&accounts_lock);
	pthread_mutex_lock(&audit_log_lock);
	pthread_mutex_unlock(&audit_log_lock);
	pthread_mutex_unlock(&accounts_lock);
	return arg;
}

static void *rotate_audit_log(void *arg)
{
	pthread_mutex_lock(&audit_log_lock);
	pthread_mutex_lock(&accounts_lock);
	pthread_mutex_unlock(&accounts_lock);
	pthread_mutex_unlock(&audit_log_lock);
	return arg;
}

int main(void)
{
	pthread_t t;

	pthread_create(&t, NULL, transfer, NULL);
	pthread_join(t, NULL);
	pthread_create(&t, NULL, rotate_audit_log, NULL);
	pthread_join(t, NULL);
	puts("demo finished: no thread hung, but lockdep saw the inversion");
	return 0;
}
