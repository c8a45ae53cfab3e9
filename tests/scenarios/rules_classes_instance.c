/*
 * A rules file's "classes instance" for one function, the rest of the program keeping
 * its classes per init site: the locks new_lock() creates are each a class of their
 * own (nesting two is silent, an inversion across objects is not seen), while two
 * locks made at another site and nested both ways round are still one class: a
 * cycle of two locks of the class.
 *
 * Rules: classes instance function=new_lock
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@new_node_lock*
 */
#include "classes.h"

static int nodes;

static __attribute__((noinline)) pthread_mutex_t *new_node_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	EXPECT_RET(pthread_mutex_init(m, NULL), 0);
	nodes++;	/* unlike new_lock: the compiler must not fold the two */
	return m;
}

int main(void)
{
	pthread_mutex_t *parent = new_node_lock(), *child = new_node_lock();

	use_locks_correctly();
	invert_across_objects();
	nest(parent, child);
	nest(child, parent);
	return nodes == 2 ? 0 : 1;
}
