/*
 * A map of the program's own lock in heap memory whose liblockdep_map_init() was
 * forgotten: its bytes are whatever the heap held (here a pattern, as a dangling name
 * and key). Acquiring and releasing it is a report of its own, once, that names the
 * annotation; it is not lockdep's "key not registered" that turns checking off, and
 * checking goes on: an inversion afterwards is still reported. So does a map
 * initialised with a key that was never registered: the map takes its init's class.
 *
 * Expect: BUG: liblockdep_map_acquire(): map not initialised
 * Expect: BUG: liblockdep_map_init(): key not registered
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"
#include <string.h>

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	struct liblockdep_map *map = malloc(sizeof(*map));
	struct liblockdep_key *key = calloc(1, sizeof(*key));

	if (!map || !key)
		return 2;
	memset(map, 0x5a, sizeof(*map));
	for (int i = 0; i < 2; i++) {
		liblockdep_map_acquire(map);
		liblockdep_map_release(map);
	}
	liblockdep_map_init(map, "queue", key);
	liblockdep_map_acquire(map);
	liblockdep_map_release(map);
	free(map);
	free(key);
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	return 0;
}
