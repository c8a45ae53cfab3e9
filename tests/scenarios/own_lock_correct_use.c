/*
 * The program's own locks used correctly, each kind alone in a program that never
 * reverses an order: a spin lock on C11 atomics, a ticket lock, a reader-writer lock
 * on atomics, a binary semaphore as a mutex and a work item flushed without its
 * lock held; with the try, nested and assert forms of the map annotations. Silent.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <semaphore.h>
#include <stdatomic.h>

static atomic_flag spin = ATOMIC_FLAG_INIT;
static atomic_uint ticket_next, ticket_serving;
static atomic_int rw_state;
static sem_t sem;
static struct liblockdep_map spin_map = LIBLOCKDEP_MAP_INIT("spin");
static struct liblockdep_map ticket_map = LIBLOCKDEP_MAP_INIT("ticket");
static struct liblockdep_map rw_map = LIBLOCKDEP_MAP_INIT("rw");
static struct liblockdep_map sem_map = LIBLOCKDEP_MAP_INIT("sem");
static struct liblockdep_map work_map = LIBLOCKDEP_MAP_INIT("work");
static struct liblockdep_key node_key;
static struct liblockdep_map parent_map, child_map;
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

static void *locker(void *arg)
{
	unsigned int mine;
	int seen;

	liblockdep_map_acquire(&spin_map);
	while (atomic_flag_test_and_set(&spin))
		;
	liblockdep_assert_held(&spin_map);
	liblockdep_map_acquire(&ticket_map);
	mine = atomic_fetch_add(&ticket_next, 1);
	while (atomic_load(&ticket_serving) != mine)
		;
	liblockdep_map_acquire_read(&rw_map);
	do
		seen = atomic_load(&rw_state);
	while (seen < 0 || !atomic_compare_exchange_weak(&rw_state, &seen, seen + 1));
	atomic_fetch_sub(&rw_state, 1);
	liblockdep_map_release(&rw_map);
	atomic_fetch_add(&ticket_serving, 1);
	liblockdep_map_release(&ticket_map);
	atomic_flag_clear(&spin);
	liblockdep_map_release(&spin_map);
	liblockdep_assert_not_held(&spin_map);

	/* A trylock taken in the reverse order adds no dependency. */
	liblockdep_map_acquire(&ticket_map);
	if (!atomic_flag_test_and_set(&spin)) {
		liblockdep_map_acquire_try(&spin_map);
		atomic_flag_clear(&spin);
		liblockdep_map_release(&spin_map);
	}
	liblockdep_map_release(&ticket_map);

	/* Two maps of one class, nested by subclass. */
	liblockdep_map_acquire(&parent_map);
	liblockdep_map_acquire_nested(&child_map, 1);
	liblockdep_map_release(&child_map);
	liblockdep_map_release(&parent_map);

	liblockdep_map_acquire(&sem_map);
	sem_wait(&sem);
	sem_post(&sem);
	liblockdep_map_release(&sem_map);

	liblockdep_map_acquire(&work_map);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	liblockdep_map_release(&work_map);
	return arg;
}

int main(void)
{
	sem_init(&sem, 0, 1);
	liblockdep_map_init(&parent_map, "node", &node_key);
	liblockdep_map_init(&child_map, "node", &node_key);
	run_in_thread(locker, NULL);
	/* Flushing the work item without config_lock held. */
	liblockdep_map_acquire(&work_map);
	liblockdep_map_release(&work_map);
	run_in_thread(locker, NULL);
	return 0;
}
