/*
 * Where threads wait: four threads share two locks. Each takes hot_lock, works a
 * little while holding it, and takes cold_lock inside it, so cold_lock is used by
 * all four but never waited for. Run with statistics on:
 *
 *     cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread \
 *        examples/where_threads_wait.c liblockdep.c -o wait
 *     LIBLOCKDEP_STAT=1 ./wait
 *
 * and liblockdep prints at exit the table of the classes threads waited for most:
 * hot_lock first, contended at take_hot_lock(); LIBLOCKDEP_DUMP=dir adds the whole
 * of the kernel's lock_stat in dir/lock_stat.
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define THREADS		4
#define ROUNDS		20000

static pthread_mutex_t hot_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cold_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long shared_total, cold_count, hot_count;

/* A function of its own, so that the table can name where threads wait. */
static void __attribute__((__noinline__)) take_hot_lock(void)
{
	pthread_mutex_lock(&hot_lock);
	hot_count++;
}

static void *worker(void *arg)
{
	for (int i = 0; i < ROUNDS; i++) {
		take_hot_lock();
		for (volatile int spin = 0; spin < 1000; spin++)
			shared_total++;
		pthread_mutex_lock(&cold_lock);
		cold_count++;
		pthread_mutex_unlock(&cold_lock);
		pthread_mutex_unlock(&hot_lock);
	}
	return arg;
}

int main(void)
{
	struct timespec start_late = { 0, 20 * 1000 * 1000 };
	pthread_t threads[THREADS];

	/* The threads start waiting at once, however the machine schedules them. */
	take_hot_lock();
	for (int i = 0; i < THREADS; i++)
		pthread_create(&threads[i], NULL, worker, NULL);
	nanosleep(&start_late, NULL);
	pthread_mutex_unlock(&hot_lock);
	for (int i = 0; i < THREADS; i++)
		pthread_join(threads[i], NULL);
	printf("%lu rounds\n", cold_count);
	return cold_count != THREADS * ROUNDS || hot_count != cold_count + 1;
}
