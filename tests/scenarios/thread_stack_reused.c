/*
 * Correct: a thread initialises a mutex on its stack, nests it inside a global lock
 * and returns without destroying it; the next thread gets the same stack from glibc's
 * cache and, at the same address, takes a statically initialised mutex of its own,
 * then the global lock. The first thread's exit ended the locks on its stack, so the
 * second one's is a new lock, of another class: no cycle.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t global = PTHREAD_MUTEX_INITIALIZER;
static void *first_lock;

static __attribute__((noinline)) void *nest_inside_global(void *unused)
{
	pthread_mutex_t local;

	(void)unused;
	EXPECT_RET(pthread_mutex_init(&local, NULL), 0);
	first_lock = &local;
	pthread_mutex_lock(&global);
	pthread_mutex_lock(&local);
	pthread_mutex_unlock(&local);
	pthread_mutex_unlock(&global);
	return NULL;
}

static __attribute__((noinline)) void *nest_global_inside(void *unused)
{
	pthread_mutex_t local = PTHREAD_MUTEX_INITIALIZER;

	(void)unused;
	if ((void *)&local != first_lock)
		exit(7);	/* no same address: the scenario tests nothing */
	pthread_mutex_lock(&local);
	pthread_mutex_lock(&global);
	pthread_mutex_unlock(&global);
	pthread_mutex_unlock(&local);
	return NULL;
}

int main(void)
{
	run_in_thread(nest_inside_global, NULL);
	run_in_thread(nest_global_inside, NULL);
	return 0;
}
