/*
 * Threads that never lock register and unregister a key of their own and exit; the
 * next thread gets the same stack (glibc caches them) and so the same thread-local
 * storage. A key's registration reads lockdep's key hash in an RCU read section, and
 * its unregistration waits for a grace period: a thread must leave liblockdep's RCU
 * readers when it exits even if it never took a lock, or the next one finds its slot
 * still listed, and a grace period waits for readers that are gone.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <unistd.h>

#define THREADS 50

static void *register_and_exit(void *arg)
{
	struct liblockdep_key *key = arg;

	liblockdep_register_key(key);
	liblockdep_unregister_key(key);
	return NULL;
}

int main(void)
{
	struct liblockdep_key *key = calloc(1, sizeof(*key));
	pthread_mutex_t m;

	alarm(10);	/* a grace period that never ends kills the program */
	for (int i = 0; i < THREADS; i++)
		run_in_thread(register_and_exit, key);
	/* A lock and a class of its own, gone again: lockdep frees the class after a
	 * grace period. */
	liblockdep_register_key(key);
	pthread_mutex_init(&m, NULL);
	liblockdep_set_class(&m, key, "own_lock");
	pthread_mutex_lock(&m);
	pthread_mutex_unlock(&m);
	pthread_mutex_destroy(&m);
	liblockdep_unregister_key(key);
	free(key);
	return 0;
}
