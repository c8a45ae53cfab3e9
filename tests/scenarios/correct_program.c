/*
 * Correct: four threads take a hierarchy of global, heap and per-object locks
 * (mutexes and rwlocks) in one consistent order, thousands of times, with trylocks
 * and out-of-order releases mixed in. Lockdep must stay silent.
 *
 * Expect: silent
 */
#include "scenario.h"

struct account {
	pthread_mutex_t lock;
	long balance;
};

static pthread_mutex_t bank_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t rates_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct account *accounts;

static void *teller(void *arg)
{
	long id = (long)arg;

	for (int i = 0; i < 5000; i++) {
		struct account *a = &accounts[(id + i) % 8];

		pthread_mutex_lock(&bank_lock);
		pthread_rwlock_rdlock(&rates_lock);
		pthread_mutex_lock(&a->lock);
		a->balance++;
		pthread_rwlock_unlock(&rates_lock);	/* out of order: allowed */
		pthread_mutex_unlock(&a->lock);
		pthread_mutex_unlock(&bank_lock);

		if (pthread_mutex_trylock(&bank_lock) == 0)
			pthread_mutex_unlock(&bank_lock);
	}
	return NULL;
}

int main(void)
{
	pthread_t t[4];

	accounts = calloc(8, sizeof(*accounts));
	for (int i = 0; i < 8; i++)
		pthread_mutex_init(&accounts[i].lock, NULL);
	pthread_rwlock_wrlock(&rates_lock);
	pthread_rwlock_unlock(&rates_lock);
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, teller, (void *)i);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 8; i++)
		pthread_mutex_destroy(&accounts[i].lock);
	free(accounts);
	return 0;
}
