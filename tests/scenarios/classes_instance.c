/*
 * LIBLOCKDEP_CLASSES=instance: every lock is its own class, as ThreadSanitizer and
 * Helgrind see locks. Nesting any two locks is silent and so is the inversion across
 * different objects (the classes never meet); an inversion on the same two locks is
 * still found. Each lock's class is freed when it is destroyed.
 *
 * Env: LIBLOCKDEP_CLASSES=instance
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@new_lock
 */
#include "classes.h"

int main(void)
{
	pthread_mutex_t *b, *p;

	use_locks_correctly();
	invert_across_objects();
	for (int i = 0; i < 10000; i++) {
		b = make(0);
		pthread_mutex_destroy(b);
		free(b);
	}
	b = make(0);
	p = make(1);
	nest(b, p);
	nest(p, b);
	return 0;
}
