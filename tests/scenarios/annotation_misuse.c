/*
 * Every annotation misused once, each misuse a report of its own that names the
 * annotation, and checking goes on: a key unregistered that never was registered, a
 * key registered twice, a static key registered, a nesting subclass out of 0..7,
 * a class given to a lock liblockdep never saw. The same misuse again is the same
 * problem: not reported again.
 *
 * Expect: BUG: liblockdep_unregister_key(): key not registered
 * Expect: BUG: liblockdep_register_key(): key already registered
 * Expect: BUG: liblockdep_register_key(): static key
 * Expect: BUG: liblockdep_mutex_lock_nested(): subclass out of range
 * Expect: BUG: liblockdep_set_own_class(): not a lock liblockdep knows
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static struct liblockdep_key static_key;

int main(void)
{
	struct liblockdep_key *key = calloc(1, sizeof(*key));
	pthread_mutex_t never_seen;

	for (int i = 0; i < 2; i++) {
		liblockdep_unregister_key(key);
		liblockdep_register_key(key);
		liblockdep_register_key(key);
		liblockdep_unregister_key(key);
		liblockdep_register_key(&static_key);
		liblockdep_mutex_lock_nested(&lock_a, 8);
		pthread_mutex_unlock(&lock_a);
		liblockdep_set_own_class(&never_seen, "never_seen");
	}
	free(key);
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	return 0;
}
