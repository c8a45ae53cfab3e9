/*
 * Two locks of one class nested with liblockdep_mutex_lock_nested(), as the kernel's
 * mutex_lock_nested(): silent. The same two nested without the annotation, both ways
 * round, in a second part, is a cycle of two locks of the class (one way only would
 * be silent, src/instance_nesting.c).
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@make_nodes
 */
#include "scenario.h"

struct node {
	pthread_mutex_t lock;
	pthread_rwlock_t rw;
};

static __attribute__((noinline)) void make_nodes(struct node *nodes, int count)
{
	for (int i = 0; i < count; i++) {
		EXPECT_RET(pthread_mutex_init(&nodes[i].lock, NULL), 0);
		EXPECT_RET(pthread_rwlock_init(&nodes[i].rw, NULL), 0);
	}
}

int main(int argc, char **argv)
{
	struct node nodes[2];

	(void)argv;
	make_nodes(nodes, argc + 1);
	EXPECT_RET(pthread_mutex_lock(&nodes[0].lock), 0);
	EXPECT_RET(liblockdep_mutex_lock_nested(&nodes[1].lock, 1), 0);
	pthread_mutex_unlock(&nodes[1].lock);
	pthread_mutex_unlock(&nodes[0].lock);

	EXPECT_RET(pthread_rwlock_wrlock(&nodes[0].rw), 0);
	EXPECT_RET(liblockdep_rwlock_wrlock_nested(&nodes[1].rw, 1), 0);
	pthread_rwlock_unlock(&nodes[1].rw);
	EXPECT_RET(liblockdep_rwlock_rdlock_nested(&nodes[1].rw, 1), 0);
	pthread_rwlock_unlock(&nodes[1].rw);
	pthread_rwlock_unlock(&nodes[0].rw);

	pthread_mutex_lock(&nodes[0].lock);
	pthread_mutex_lock(&nodes[1].lock);
	pthread_mutex_unlock(&nodes[1].lock);
	pthread_mutex_unlock(&nodes[0].lock);
	nest(&nodes[1].lock, &nodes[0].lock);
	return 0;
}
