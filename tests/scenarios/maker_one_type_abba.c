/*
 * Accounts whose mutexes the program's own wrapper makes (lock_maker.h), one
 * account opened, one loaded, by different callers: one thread locks the opened
 * account, then the loaded one, another the other way round. Each caller of a
 * wrapper is a class of its own (src/lock_makers.c), and the two are siblings,
 * nested by instance: the two accounts in both orders are a cycle of the instance
 * graph, reported with both accounts' classes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init mutex@app_mutex_init<account_load*
 */
#include "lock_maker.h"

struct account { pthread_mutex_t lock; long balance; };

static __attribute__((noinline)) struct account *account_open(long balance)
{
	struct account *a = calloc(1, sizeof(*a));

	if (!a)
		exit(2);
	app_mutex_init(&a->lock);
	a->balance = balance;
	return a;
}

static __attribute__((noinline)) struct account *account_load(const long *saved)
{
	struct account *a = calloc(1, sizeof(*a));

	if (!a)
		exit(2);
	app_mutex_init(&a->lock);
	a->balance = saved[0] * 2;
	return a;
}

int main(void)
{
	static const long saved[] = { 21 };
	struct account *opened = account_open(10), *loaded = account_load(saved);
	pthread_mutex_t *there[2] = { &opened->lock, &loaded->lock };
	pthread_mutex_t *back[2] = { &loaded->lock, &opened->lock };

	run_in_thread(nest_pair, there);
	run_in_thread(nest_pair, back);
	return 0;
}
