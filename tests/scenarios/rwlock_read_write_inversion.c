/*
 * One thread holds an rwlock for reading and takes a mutex; another holds the mutex
 * and asks for the rwlock for writing. A writer waits for the reader, the reader for
 * the mutex: a deadlock even though one side only reads.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: table_rwlock table_mutex
 */
#include "scenario.h"

static pthread_rwlock_t table_rwlock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t table_mutex = PTHREAD_MUTEX_INITIALIZER;

static void *reader(void *arg)
{
	pthread_rwlock_rdlock(&table_rwlock);
	pthread_mutex_lock(&table_mutex);
	pthread_mutex_unlock(&table_mutex);
	pthread_rwlock_unlock(&table_rwlock);
	return arg;
}

static void *writer(void *arg)
{
	pthread_mutex_lock(&table_mutex);
	pthread_rwlock_wrlock(&table_rwlock);
	pthread_rwlock_unlock(&table_rwlock);
	pthread_mutex_unlock(&table_mutex);
	return arg;
}

int main(void)
{
	run_in_thread(reader, NULL);
	run_in_thread(writer, NULL);
	return 0;
}
