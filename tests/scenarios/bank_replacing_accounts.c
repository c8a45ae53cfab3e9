/*
 * A bank of 10 accounts of one class that keeps replacing them: each of 30,000
 * rounds makes 10 transfers between random pairs (lower address first), then
 * closes an account (destroy, free) and opens a new one (malloc, init) with its
 * money. Correct, silent. The pairs of accounts gone go with them: a table that
 * kept them ran out after about 3,000 rounds ("BUG: MAX_NESTED_PAIRS too low!").
 *
 * Expect: silent
 */
#include "bank_address_order.h"

#define NR_ACCOUNTS	10
#define NR_ROUNDS	30000

static struct account *accounts[NR_ACCOUNTS];

static void replace(int i)
{
	struct account *fresh = (struct account *)malloc(sizeof(*fresh));
	long balance = accounts[i]->balance;

	EXPECT_RET(pthread_mutex_destroy(&accounts[i]->lock), 0);
	free(accounts[i]);
	account_init(fresh);
	fresh->balance = balance;
	accounts[i] = fresh;
}

int main(int argc, char **argv)
{
	unsigned int seed = 7;
	long total = 0;

	(void)argv;
	for (int i = 0; i < NR_ACCOUNTS; i++) {
		accounts[i] = (struct account *)malloc(sizeof(*accounts[i]));
		account_init(accounts[i]);
	}
	for (long round = 0; round < NR_ROUNDS + argc - 1; round++) {
		for (int k = 0; k < 10; k++) {
			int a = next_random(&seed) % NR_ACCOUNTS, b = next_random(&seed) % NR_ACCOUNTS;

			if (a != b)
				transfer(accounts[a], accounts[b], 1);
		}
		replace(next_random(&seed) % NR_ACCOUNTS);
	}
	for (int i = 0; i < NR_ACCOUNTS; i++)
		total += accounts[i]->balance;
	return total == 100L * NR_ACCOUNTS ? 0 : 1;
}
