/*
 * LIBLOCKDEP_SEMAPHORES=1: binary semaphores (sem_init to 1) that each thread waits
 * for and posts itself are locks. Each is used once alone (which makes it known as a
 * lock), then two threads take them in opposite orders, one after the other: an
 * AB-BA, reported, with each semaphore a class of its own (both come from one
 * helper). A trywait that succeeds counts as a wait, as in CPython's blocking
 * acquire, which tries first.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: semaphore@new_lock*
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#include "scenario.h"
#include <semaphore.h>

static sem_t *new_lock(void)
{
	sem_t *s = malloc(sizeof(*s));

	if (!s || sem_init(s, 0, 1))
		exit(2);
	return s;
}

static sem_t *accounts, *ledger;

static void acquire(sem_t *s)
{
	if (sem_trywait(s))
		sem_wait(s);
}

static void *post_entry(void *arg)
{
	acquire(accounts);
	acquire(ledger);
	sem_post(ledger);
	sem_post(accounts);
	return arg;
}

static void *audit(void *arg)
{
	sem_wait(ledger);
	sem_wait(accounts);
	sem_post(accounts);
	sem_post(ledger);
	return arg;
}

int main(void)
{
	accounts = new_lock();
	ledger = new_lock();
	acquire(accounts);
	sem_post(accounts);
	acquire(ledger);
	sem_post(ledger);
	run_in_thread(post_entry, NULL);
	run_in_thread(audit, NULL);
	return 0;
}
