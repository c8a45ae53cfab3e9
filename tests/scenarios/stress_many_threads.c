/*
 * Correct, under load: 8 threads for STRESS_SECONDS (default 3) lock shared and
 * private locks in one global order, with new classes and chains appearing all the
 * time (locks initialised at many sites, own classes created and freed), trylocks,
 * rwlocks, and destroy/re-init in the mix. No report, no crash, no hang. The soak
 * run is STRESS_SECONDS=600.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <time.h>

#define THREADS 8
#define SHARED 16

static pthread_mutex_t shared[SHARED];
static pthread_rwlock_t table = PTHREAD_RWLOCK_INITIALIZER;
static double deadline;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Sites differ per case, so classes keep appearing until all are seen. */
static void init_at_site(pthread_mutex_t *m, int site)
{
	switch (site % 4) {
	case 0: pthread_mutex_init(m, NULL); break;
	case 1: pthread_mutex_init(m, NULL); break;
	case 2: pthread_mutex_init(m, NULL); liblockdep_set_own_class(m, "own"); break;
	default: pthread_mutex_init(m, NULL); liblockdep_set_own_class(m, "own"); break;
	}
}

static void *worker(void *arg)
{
	unsigned int seed = (unsigned int)(long)arg;
	pthread_mutex_t private[4];
	long rounds = 0;

	for (int i = 0; i < 4; i++)
		init_at_site(&private[i], i);
	while (now() < deadline) {
		/* Global order: table, then shared by index, then private by index. */
		int first = rand_r(&seed) % SHARED, second = first + 1 + rand_r(&seed) % 3;
		int p = rand_r(&seed) % 4;

		pthread_rwlock_rdlock(&table);
		pthread_mutex_lock(&shared[first]);
		if (second < SHARED && pthread_mutex_trylock(&shared[second]) == 0)
			pthread_mutex_unlock(&shared[second]);
		pthread_mutex_lock(&private[p]);
		pthread_mutex_unlock(&private[p]);
		pthread_mutex_unlock(&shared[first]);
		pthread_rwlock_unlock(&table);
		if (++rounds % 64 == 0) {
			pthread_mutex_destroy(&private[p]);
			init_at_site(&private[p], rand_r(&seed));
		}
		if (rounds % 1024 == 0) {
			pthread_rwlock_wrlock(&table);
			pthread_rwlock_unlock(&table);
		}
	}
	for (int i = 0; i < 4; i++)
		pthread_mutex_destroy(&private[i]);
	return NULL;
}

int main(void)
{
	const char *env = getenv("STRESS_SECONDS");
	pthread_t t[THREADS];

	for (int i = 0; i < SHARED; i++)
		pthread_mutex_init(&shared[i], NULL);
	/* Shared locks come from one init site: one class, so a thread holding two of
	 * them would be recursive locking. The workers take only one shared lock with
	 * lock(), and a second only with trylock(), which cannot deadlock. */
	deadline = now() + (env ? atof(env) : 3);
	for (long i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)(i + 1));
	for (int i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	return 0;
}
