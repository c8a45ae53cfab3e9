/*
 * Nodes of one class (one init site) and table_lock (tests/checks/graph_nested_nodes.sh).
 * "nest": a node, another node nested in it, then table_lock; "table": table_lock,
 * then a node. Each alone is correct; one after the other, through one graph, is a
 * cycle: table_lock -> node here, node -> table_lock in the earlier run.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct node {
	pthread_mutex_t lock;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

/* Class "mutex@node_new+0x..": every node's lock, made here. */
static __attribute__((noinline)) struct node *node_new(void)
{
	struct node *n = malloc(sizeof(*n));

	if (!n || pthread_mutex_init(&n->lock, NULL))
		exit(1);
	return n;
}

static void nest(struct node *parent, struct node *child)
{
	pthread_mutex_lock(&parent->lock);
	pthread_mutex_lock(&child->lock);
	pthread_mutex_lock(&table_lock);
	pthread_mutex_unlock(&table_lock);
	pthread_mutex_unlock(&child->lock);
	pthread_mutex_unlock(&parent->lock);
}

static void table_then_node(struct node *n)
{
	pthread_mutex_lock(&table_lock);
	pthread_mutex_lock(&n->lock);
	pthread_mutex_unlock(&n->lock);
	pthread_mutex_unlock(&table_lock);
}

int main(int argc, char **argv)
{
	struct node *parent = node_new(), *child = node_new();

	if (argc > 1 && !strcmp(argv[1], "nest"))
		nest(parent, child);
	else
		table_then_node(parent);
	free(child);
	free(parent);
	return 0;
}
