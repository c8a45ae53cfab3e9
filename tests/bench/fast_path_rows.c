// SPDX-License-Identifier: GPL-2.0
/*
 * The fast path at a real program's size (issue 33), for callgrind to count: each
 * workload repeats ITERATIONS rounds of lock+unlock pairs; tests/bench/callgrind_rows.sh
 * takes (Ir(2N) - Ir(N)) / (N * pairs per round), so start-up costs cancel.
 *
 *   mutex K      one mutex, K pairs a round, in the main thread
 *   thread K     the same in a created thread
 *   nest K       K locks of K classes nested in a fixed order, released in reverse
 *   classes K    K locks of K classes, one at a time, round robin
 *   heap K       K heap mutexes made at one call site (one class), round robin
 *   rwlocks K    K rwlocks of K classes, write-locked one at a time, round robin
 *
 * usage: fast_path_rows WORKLOAD K ITERATIONS
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CLASSES 1000

/* Each statically initialised lock is a class of its own. */
static pthread_mutex_t classes[MAX_CLASSES] = {
	[0 ... MAX_CLASSES - 1] = PTHREAD_MUTEX_INITIALIZER
};
static pthread_rwlock_t rwlocks[MAX_CLASSES] = {
	[0 ... MAX_CLASSES - 1] = PTHREAD_RWLOCK_INITIALIZER
};
static pthread_mutex_t *heap;
static long k, iterations;

static void one_mutex(void)
{
	for (long i = 0; i < iterations * k; i++) {
		pthread_mutex_lock(&classes[0]);
		pthread_mutex_unlock(&classes[0]);
	}
}

static void *in_thread(void *arg)
{
	(void)arg;
	one_mutex();
	return NULL;
}

static void nest(void)
{
	for (long i = 0; i < iterations; i++) {
		for (long j = 0; j < k; j++)
			pthread_mutex_lock(&classes[j]);
		for (long j = k - 1; j >= 0; j--)
			pthread_mutex_unlock(&classes[j]);
	}
}

static void round_robin(pthread_mutex_t *locks)
{
	for (long i = 0; i < iterations; i++) {
		for (long j = 0; j < k; j++) {
			pthread_mutex_lock(&locks[j]);
			pthread_mutex_unlock(&locks[j]);
		}
	}
}

static void rwlocks_round_robin(void)
{
	for (long i = 0; i < iterations; i++) {
		for (long j = 0; j < k; j++) {
			pthread_rwlock_wrlock(&rwlocks[j]);
			pthread_rwlock_unlock(&rwlocks[j]);
		}
	}
}

int main(int argc, char **argv)
{
	const char *w = argc == 4 ? argv[1] : "";
	pthread_t t;

	k = argc == 4 ? atol(argv[2]) : 0;
	iterations = argc == 4 ? atol(argv[3]) : 0;
	if (k < 1 || iterations < 0 || (strcmp(w, "heap") && k > MAX_CLASSES)) {
		fprintf(stderr, "usage: fast_path_rows mutex|thread|nest|classes|heap|rwlocks K ITERATIONS\n");
		return 2;
	}
	if (!strcmp(w, "mutex")) {
		one_mutex();
	} else if (!strcmp(w, "thread")) {
		if (pthread_create(&t, NULL, in_thread, NULL) || pthread_join(t, NULL))
			return 1;
	} else if (!strcmp(w, "nest")) {
		nest();
	} else if (!strcmp(w, "classes")) {
		round_robin(classes);
	} else if (!strcmp(w, "rwlocks")) {
		rwlocks_round_robin();
	} else if (!strcmp(w, "heap")) {
		heap = malloc(k * sizeof(*heap));
		if (!heap)
			return 1;
		for (long j = 0; j < k; j++)
			pthread_mutex_init(&heap[j], NULL);
		round_robin(heap);
		for (long j = 0; j < k; j++)
			pthread_mutex_destroy(&heap[j]);
		free(heap);
	} else {
		fprintf(stderr, "fast_path_rows: no workload %s\n", w);
		return 2;
	}
	return 0;
}
