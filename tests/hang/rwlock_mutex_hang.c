/*
 * A real deadlock through an rwlock, left to hang: one thread holds table_lock for
 * reading and waits for stats_lock; the other holds stats_lock and waits to write
 * table_lock, which only the reader holds (glibc names no owner). Under
 * LIBLOCKDEP_HANG=1 the watchdog shows both waits and the cycle; the test kills it.
 */
#include <pthread.h>
static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both_hold;

static void *lookup(void *arg)
{
	pthread_rwlock_rdlock(&table_lock);
	pthread_barrier_wait(&both_hold);
	pthread_mutex_lock(&stats_lock);
	return arg;
}

static void *resize(void *arg)
{
	pthread_mutex_lock(&stats_lock);
	pthread_barrier_wait(&both_hold);
	pthread_rwlock_wrlock(&table_lock);
	return arg;
}

int main(void)
{
	pthread_t a, b;

	pthread_barrier_init(&both_hold, NULL, 2);
	pthread_create(&a, NULL, lookup, NULL);
	pthread_create(&b, NULL, resize, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
