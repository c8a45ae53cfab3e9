/*
 * Cost of an uncontended lock/unlock pair: one thread on one mutex, then 2 threads
 * each on its own mutex (lockdep must not serialise them). Built plain and checked
 * by bench.sh; prints ns per pair and pairs per second, the median of 5 runs.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PAIRS 2000000L
#define RUNS 5

struct worker {		/* padded: no two workers share a cache line */
	pthread_mutex_t lock;
	char pad[128];
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *lock_loop(void *arg)
{
	struct worker *w = arg;

	for (long i = 0; i < PAIRS; i++) {
		pthread_mutex_lock(&w->lock);
		pthread_mutex_unlock(&w->lock);
	}
	return NULL;
}

/* Seconds for `threads` threads to do PAIRS pairs each, on separate locks. */
static double run(int threads)
{
	struct worker w[8];
	pthread_t t[8];
	double start;

	for (int i = 0; i < threads; i++)
		pthread_mutex_init(&w[i].lock, NULL);
	start = now();
	for (int i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, lock_loop, &w[i]);
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	return now() - start;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(int threads)
{
	double s[RUNS];

	for (int i = 0; i < RUNS; i++)
		s[i] = run(threads);
	qsort(s, RUNS, sizeof(s[0]), by_value);
	return s[RUNS / 2];
}

int main(int argc, char **argv)
{
	const char *flavour = argc > 1 ? argv[1] : "?";
	double one = median(1), two = median(2);

	printf("%-10s 1 thread: %6.1f ns/pair  | 2 threads on separate locks: %6.2fx the throughput of 1\n",
	       flavour, one * 1e9 / PAIRS, 2 * one / two);
	return 0;
}
