/*
 * Lock coupling along lists of 100,000 nodes, each node's mutex made by one init
 * call (one class): two threads walk each list twice, taking the next node's lock
 * before releasing the one before. One list was appended to (walked in the order
 * its nodes were made), the other pushed at its front (walked against it). One
 * order along each list: correct, silent. Each step's new pair costs the same
 * however long the list: a search that went over the whole chain behind each new
 * pair gave up at 4,100 nodes ("BUG: MAX_INSTANCE_SEARCH too low!").
 *
 * Expect: silent
 */
#include "scenario.h"

#define NR_NODES 100000

struct node {
	pthread_mutex_t lock;
	struct node *next;
	long visits;
};

static __attribute__((noinline)) struct node *node_new(void)
{
	struct node *n = (struct node *)calloc(1, sizeof(*n));

	EXPECT_RET(pthread_mutex_init(&n->lock, NULL), 0);
	return n;
}

static struct node *list_appended(int count)
{
	struct node *head = NULL, **tail = &head;

	for (int i = 0; i < count; i++) {
		*tail = node_new();
		tail = &(*tail)->next;
	}
	return head;
}

static struct node *list_pushed(int count)
{
	struct node *head = NULL;

	for (int i = 0; i < count; i++) {
		struct node *n = node_new();

		n->next = head;
		head = n;
	}
	return head;
}

static void *walk(void *arg)
{
	for (int round = 0; round < 2; round++) {
		struct node *n = (struct node *)arg, *next;

		pthread_mutex_lock(&n->lock);
		for (; (next = n->next); n = next) {
			pthread_mutex_lock(&next->lock);
			n->visits++;
			pthread_mutex_unlock(&n->lock);
		}
		n->visits++;
		pthread_mutex_unlock(&n->lock);
	}
	return NULL;
}

static long last_visits(struct node *n)
{
	while (n->next)
		n = n->next;
	return n->visits;
}

int main(int argc, char **argv)
{
	struct node *lists[2];
	pthread_t t[4];

	(void)argv;
	lists[0] = list_appended(NR_NODES + argc - 1);
	lists[1] = list_pushed(NR_NODES + argc - 1);
	for (int i = 0; i < 4; i++)
		EXPECT_RET(pthread_create(&t[i], NULL, walk, lists[i % 2]), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return last_visits(lists[0]) == 4 && last_visits(lists[1]) == 4 ? 0 : 1;
}
