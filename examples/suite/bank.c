/*
 * The second demo (make demo-suite): the code under test of a small suite. Each test
 * program takes these locks in one order only, and each is correct on its own; the
 * orders differ between the two tests. With one graph for the suite
 * (LIBLOCKDEP_GRAPH), the second test reports the deadlock, with the first's stack.
 */
#include <pthread.h>

static pthread_mutex_t accounts_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit_log_lock = PTHREAD_MUTEX_INITIALIZER;

void transfer(void)
{
	pthread_mutex_lock(&accounts_lock);
	pthread_mutex_lock(&audit_log_lock);
	pthread_mutex_unlock(&audit_log_lock);
	pthread_mutex_unlock(&accounts_lock);
}

void rotate_audit_log(void)
{
	pthread_mutex_lock(&audit_log_lock);
	pthread_mutex_lock(&accounts_lock);
	pthread_mutex_unlock(&accounts_lock);
	pthread_mutex_unlock(&audit_log_lock);
}
