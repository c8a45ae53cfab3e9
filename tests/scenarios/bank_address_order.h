/* A bank: accounts made by one init call (one class), four tellers (threads)
 * transferring between random pairs, each locking the account at the lower address
 * first, the textbook way out of AB-BA. Correct at any size: the instance graph
 * only ever grows in one order. Shared by bank_*_accounts_address_order.c. */
#ifndef BANK_ADDRESS_ORDER_H
#define BANK_ADDRESS_ORDER_H
#include "scenario.h"

#define NR_TELLERS	4

struct account {
	pthread_mutex_t lock;
	long balance;
};

struct teller {
	struct account *accounts;
	int nr_accounts;
	long transfers;
	unsigned int seed;
};

static __attribute__((noinline)) void account_init(struct account *a)
{
	EXPECT_RET(pthread_mutex_init(&a->lock, NULL), 0);
	a->balance = 100;
}

/* The same pairs in every run. */
static inline unsigned int next_random(unsigned int *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return *seed >> 8;
}

static inline void transfer(struct account *from, struct account *to, long amount)
{
	struct account *first = from < to ? from : to, *second = from < to ? to : from;

	pthread_mutex_lock(&first->lock);
	pthread_mutex_lock(&second->lock);
	from->balance -= amount;
	to->balance += amount;
	pthread_mutex_unlock(&second->lock);
	pthread_mutex_unlock(&first->lock);
}

static inline void *teller(void *arg)
{
	struct teller *t = (struct teller *)arg;

	for (long i = 0; i < t->transfers; i++) {
		int a = next_random(&t->seed) % t->nr_accounts;
		int b = next_random(&t->seed) % t->nr_accounts;

		if (a != b)
			transfer(&t->accounts[a], &t->accounts[b], 1);
	}
	return NULL;
}

/* The program's status: 0 when no money was made or lost. */
static inline int run_bank(int nr_accounts, long transfers_per_teller)
{
	struct account *accounts = (struct account *)calloc(nr_accounts, sizeof(*accounts));
	struct teller tellers[NR_TELLERS];
	pthread_t threads[NR_TELLERS];
	long total = 0;

	for (int i = 0; i < nr_accounts; i++)
		account_init(&accounts[i]);
	for (int i = 0; i < NR_TELLERS; i++) {
		tellers[i] = (struct teller){ accounts, nr_accounts, transfers_per_teller, i + 1u };
		EXPECT_RET(pthread_create(&threads[i], NULL, teller, &tellers[i]), 0);
	}
	for (int i = 0; i < NR_TELLERS; i++)
		pthread_join(threads[i], NULL);
	for (int i = 0; i < nr_accounts; i++) {
		total += accounts[i].balance;
		EXPECT_RET(pthread_mutex_destroy(&accounts[i].lock), 0);
	}
	free(accounts);
	return total == 100L * nr_accounts ? 0 : 1;
}
#endif
