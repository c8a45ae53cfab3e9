/*
 * A tree of objects, each with a mutex made by one init call (one class): a root,
 * eight branches under it, and leaves that come and go. Each of 100,000 rounds
 * (1,000,000 with an argument: tests/checks/tree_nested_million_rounds.sh) makes a
 * leaf under a random branch, locking root, branch and leaf down the tree, and
 * destroys the oldest of 32 leaves alive the same way, then frees it. One order,
 * parent before child: correct, silent, and what the instance graph holds is what
 * is alive, not the run.
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_BRANCHES	8
#define NR_LEAVES	32

struct object {
	pthread_mutex_t lock;
	struct object *parent;
	long children;
};

static struct object root, branches[NR_BRANCHES];
static struct object *leaves[NR_LEAVES];

static __attribute__((noinline)) void object_init(struct object *o, struct object *parent)
{
	EXPECT_RET(pthread_mutex_init(&o->lock, NULL), 0);
	o->parent = parent;
	o->children = 0;
}

/* Locks the path from the root down to o, hand over hand, and leaves o's parent and
 * o locked. */
static void lock_down(struct object *parent, struct object *o)
{
	pthread_mutex_lock(&root.lock);
	if (parent != &root) {
		pthread_mutex_lock(&parent->lock);
		pthread_mutex_unlock(&root.lock);
	}
	pthread_mutex_lock(&o->lock);
}

static struct object *leaf_new(struct object *parent)
{
	struct object *o = (struct object *)malloc(sizeof(*o));

	object_init(o, parent);
	lock_down(parent, o);
	parent->children++;
	pthread_mutex_unlock(&o->lock);
	pthread_mutex_unlock(&parent->lock);
	return o;
}

static void leaf_destroy(struct object *o)
{
	struct object *parent = o->parent;

	lock_down(parent, o);
	parent->children--;
	pthread_mutex_unlock(&o->lock);
	pthread_mutex_unlock(&parent->lock);
	EXPECT_RET(pthread_mutex_destroy(&o->lock), 0);
	free(o);
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 100000;
	unsigned int seed = 1;
	long alive = 0;

	object_init(&root, NULL);
	for (int i = 0; i < NR_BRANCHES; i++)
		object_init(&branches[i], &root);
	for (long round = 0; round < rounds; round++) {
		struct object **slot = &leaves[round % NR_LEAVES];

		if (*slot)
			leaf_destroy(*slot);
		seed = seed * 1103515245u + 12345u;
		*slot = leaf_new(&branches[(seed >> 8) % NR_BRANCHES]);
	}
	for (int i = 0; i < NR_BRANCHES; i++)
		alive += branches[i].children;
	return alive == (rounds < NR_LEAVES ? rounds : NR_LEAVES) ? 0 : 1;
}
