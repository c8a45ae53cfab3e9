/*
 * Two threads take more locks than a thread's lock cache holds, in one order, so
 * that nearly every lock is looked up in liblockdep's table without a guard, while
 * the main thread makes and destroys mutexes by the thousand, each at an address of
 * its own: the table's slot array is replaced again and again (it sheds the
 * destroyed locks' tombstones), emptied and used again under those look-ups.
 * They must find every lock's own entry: no crash, no hang, nothing reported for
 * the ordered locks. Then the main thread takes second_lock before first_lock,
 * which the threads always took the other way: the one report.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: second_lock first_lock
 */
#include "scenario.h"

#define ORDERED 200
#define CHURN_ROUNDS 40
#define CHURN_LOCKS 3000

static pthread_mutex_t ordered[ORDERED] = { [0 ... ORDERED - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;
static int churn_done;

static void *take_in_order(void *arg)
{
	int rounds = 0;

	while (!__atomic_load_n(&churn_done, __ATOMIC_ACQUIRE) || rounds < 10) {
		for (int i = 0; i + 1 < ORDERED; i++)
			nest(&ordered[i], &ordered[i + 1]);
		nest(&first_lock, &second_lock);
		rounds++;
	}
	return arg;
}

int main(void)
{
	pthread_mutex_t *churn = calloc(CHURN_ROUNDS * CHURN_LOCKS, sizeof(*churn));
	pthread_t threads[2];

	if (!churn)
		return 2;
	for (int i = 0; i < 2; i++)
		if (pthread_create(&threads[i], NULL, take_in_order, NULL))
			return 2;
	for (int round = 0; round < CHURN_ROUNDS; round++) {
		pthread_mutex_t *these = churn + round * CHURN_LOCKS;

		for (int i = 0; i < CHURN_LOCKS; i++) {
			EXPECT_RET(pthread_mutex_init(&these[i], NULL), 0);
			pthread_mutex_lock(&these[i]);
			pthread_mutex_unlock(&these[i]);
		}
		for (int i = 0; i < CHURN_LOCKS; i++)
			EXPECT_RET(pthread_mutex_destroy(&these[i]), 0);
	}
	__atomic_store_n(&churn_done, 1, __ATOMIC_RELEASE);
	for (int i = 0; i < 2; i++)
		pthread_join(threads[i], NULL);
	free(churn);
	nest(&second_lock, &first_lock);
	return 0;
}
