/*
 * Ticket locks in dynamic memory, each described by a map given a class key of its
 * own by liblockdep_map_init() (one helper makes them all, so the key, not the call
 * site, tells the classes apart). An AB-BA between the two classes is reported; taking
 * accounts before ledger every time is not.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: ticket_accounts ticket_ledger
 */
#include "scenario.h"
#include <stdatomic.h>

struct ticket_lock {
	atomic_uint next, serving;
	struct liblockdep_map map;
};

static struct liblockdep_key accounts_key, ledger_key;

static struct ticket_lock *ticket_new(const char *name, struct liblockdep_key *key)
{
	struct ticket_lock *t = calloc(1, sizeof(*t));

	if (!t)
		exit(2);
	liblockdep_map_init(&t->map, name, key);
	return t;
}

static void ticket_lock(struct ticket_lock *t)
{
	unsigned int mine;

	liblockdep_map_acquire(&t->map);
	mine = atomic_fetch_add(&t->next, 1);
	while (atomic_load_explicit(&t->serving, memory_order_acquire) != mine)
		;
}

static void ticket_unlock(struct ticket_lock *t)
{
	atomic_fetch_add_explicit(&t->serving, 1, memory_order_release);
	liblockdep_map_release(&t->map);
}

static struct ticket_lock *accounts, *ledger;

static void ticket_nest(struct ticket_lock *outer, struct ticket_lock *inner)
{
	ticket_lock(outer);
	ticket_lock(inner);
	ticket_unlock(inner);
	ticket_unlock(outer);
}

static void *post(void *arg)
{
	ticket_nest(accounts, ledger);
	return arg;
}

static void *audit(void *arg)
{
	ticket_nest(ledger, accounts);
	return arg;
}

int main(void)
{
	accounts = ticket_new("ticket_accounts", &accounts_key);
	ledger = ticket_new("ticket_ledger", &ledger_key);
	run_in_thread(post, NULL);
	run_in_thread(post, NULL);
	run_in_thread(audit, NULL);
	free(accounts);
	free(ledger);
	return 0;
}
