/*
 * Locks of one class nested in one order, released every way: out of order (lockdep
 * takes the inner one again, in its class), a trylock inside, and rwlocks of one
 * class read-locked nested, then write-locked nested. Correct: silent.
 *
 * Expect: silent
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
	struct node n[3];

	(void)argv;
	make_nodes(n, argc + 2);
	for (int round = 0; round < 3; round++) {
		pthread_mutex_lock(&n[0].lock);
		pthread_mutex_lock(&n[1].lock);
		pthread_mutex_unlock(&n[0].lock);
		pthread_mutex_lock(&n[2].lock);
		pthread_mutex_unlock(&n[2].lock);
		pthread_mutex_unlock(&n[1].lock);

		pthread_mutex_lock(&n[0].lock);
		EXPECT_RET(pthread_mutex_trylock(&n[1].lock), 0);
		pthread_mutex_lock(&n[2].lock);
		pthread_mutex_unlock(&n[1].lock);
		pthread_mutex_unlock(&n[2].lock);
		pthread_mutex_unlock(&n[0].lock);

		EXPECT_RET(pthread_rwlock_rdlock(&n[0].rw), 0);
		EXPECT_RET(pthread_rwlock_rdlock(&n[1].rw), 0);
		pthread_rwlock_unlock(&n[0].rw);
		pthread_rwlock_unlock(&n[1].rw);
		EXPECT_RET(pthread_rwlock_wrlock(&n[0].rw), 0);
		EXPECT_RET(pthread_rwlock_wrlock(&n[1].rw), 0);
		pthread_rwlock_unlock(&n[1].rw);
		pthread_rwlock_unlock(&n[0].rw);
	}
	return 0;
}
