/*
 * Lock coupling: two threads walk a list of 100 nodes, each node's mutex made by one
 * init call, taking the next node's lock before releasing the one before, under the
 * list's lock. One class, nested by instance in one order along the list: correct,
 * silent, however long the list: the instance graph is a path, searched for a
 * cycle once per new pair.
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_NODES 100

struct node {
	pthread_mutex_t lock;
	struct node *next;
	long visits;
};

static struct node nodes[NR_NODES];
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) void make_nodes(struct node *n, int count)
{
	for (int i = 0; i < count; i++) {
		EXPECT_RET(pthread_mutex_init(&n[i].lock, NULL), 0);
		n[i].next = i + 1 < count ? &n[i + 1] : NULL;
	}
}

static void *walk(void *arg)
{
	for (int round = 0; round < 20; round++) {
		struct node *n = &nodes[0], *next;

		pthread_mutex_lock(&list_lock);
		pthread_mutex_lock(&n->lock);
		for (; (next = n->next); n = next) {
			pthread_mutex_lock(&next->lock);
			n->visits++;
			pthread_mutex_unlock(&n->lock);
		}
		n->visits++;
		pthread_mutex_unlock(&n->lock);
		pthread_mutex_unlock(&list_lock);
	}
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t[2];

	(void)argv;
	make_nodes(nodes, argc + NR_NODES - 1);
	for (int i = 0; i < 2; i++)
		EXPECT_RET(pthread_create(&t[i], NULL, walk, NULL), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	return nodes[NR_NODES - 1].visits == 40 ? 0 : 1;
}
