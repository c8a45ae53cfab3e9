/*
 * Three accounts made by one init helper (one class), and three transfers by three
 * threads: a->b, b->c, c->a, each locking the source, then the destination. No two
 * locks are nested both ways round, yet the three transfers together deadlock: the
 * instance graph finds the cycle of three when the third closes it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@account_init*
 */
#include "scenario.h"

struct account {
	pthread_mutex_t lock;
	long balance;
};

static __attribute__((noinline)) void account_init(struct account *a, long balance)
{
	EXPECT_RET(pthread_mutex_init(&a->lock, NULL), 0);
	a->balance = balance;
}

struct transfer {
	struct account *from, *to;
	long amount;
};

static void *transfer(void *arg)
{
	struct transfer *t = arg;

	pthread_mutex_lock(&t->from->lock);
	pthread_mutex_lock(&t->to->lock);
	t->from->balance -= t->amount;
	t->to->balance += t->amount;
	pthread_mutex_unlock(&t->to->lock);
	pthread_mutex_unlock(&t->from->lock);
	return NULL;
}

int main(void)
{
	struct account *a = malloc(3 * sizeof(*a));
	struct transfer transfers[] = {
		{ &a[0], &a[1], 10 }, { &a[1], &a[2], 20 }, { &a[2], &a[0], 30 },
	};

	for (int i = 0; i < 3; i++)
		account_init(&a[i], 100);
	for (int i = 0; i < 3; i++)
		run_in_thread(transfer, &transfers[i]);
	return a[0].balance + a[1].balance + a[2].balance == 300 ? 0 : 1;
}
