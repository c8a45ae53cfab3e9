/*
 * LIBLOCKDEP_CLASSES=instance makes each lock a class, all of one site named alike,
 * "rwlock@new_entry#N": the name lockdep prints for the Nth. unbound takes each cache
 * entry's rwlock while it holds a bin's spin lock (lruhash_lookup()): one problem,
 * one fingerprint, reported once, not once for each entry (751 times for one
 * fingerprint in a run of unbound).
 *
 * Env: LIBLOCKDEP_CLASSES=instance
 * Expect: \[ BUG: Invalid wait context \]
 * Names: rwlock@new_entry
 */
#include "scenario.h"

static pthread_spinlock_t bin;

static __attribute__((noinline)) pthread_rwlock_t *new_entry(void)
{
	pthread_rwlock_t *entry = malloc(sizeof(*entry));

	if (!entry || pthread_rwlock_init(entry, NULL))
		exit(2);
	return entry;
}

int main(void)
{
	pthread_spin_init(&bin, PTHREAD_PROCESS_PRIVATE);
	for (int i = 0; i < 100; i++) {
		pthread_rwlock_t *entry = new_entry();

		pthread_spin_lock(&bin);
		pthread_rwlock_rdlock(entry);
		pthread_rwlock_unlock(entry);
		pthread_spin_unlock(&bin);
	}
	return 0;
}
