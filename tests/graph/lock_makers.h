/*
 * Static functions that make locks and a thread, for the tests of a graph across
 * processes (tests/graph/own_locks.h, shared_parts.c): each file that includes this
 * has its own, of these names and this code, as a test helper header gives them.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* shared_parts.c's */
void shared_lock_take(void);
void shared_lock_hold(void);
void shared_lock_drop(void);

/* Classes "mutex@new_first+0x.." and "mutex@new_second+0x..": init sites in static
 * functions (unlike bodies, so that no compiler folds them into one). */
static __attribute__((noinline)) pthread_mutex_t *new_first(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (m)
		pthread_mutex_init(m, NULL);
	return m;
}

static __attribute__((noinline)) pthread_mutex_t *new_second(void)
{
	pthread_mutex_t *m = calloc(1, sizeof(*m));

	if (m)
		pthread_mutex_init(m, NULL);
	return m;
}

static void *worker(void *take_shared)
{
	if (take_shared)
		shared_lock_take();
	return NULL;
}

/* Class "thread@worker+0x0<start_worker+0x..": a static start routine, created in a
 * static function; the thread takes shared_lock if told to. */
static __attribute__((noinline)) bool start_worker(pthread_t *thread, void *take_shared)
{
	return !pthread_create(thread, NULL, worker, take_shared);
}

static void in_order(pthread_mutex_t *first, pthread_mutex_t *second, bool reversed)
{
	pthread_mutex_lock(reversed ? second : first);
	pthread_mutex_lock(reversed ? first : second);
	pthread_mutex_unlock(reversed ? first : second);
	pthread_mutex_unlock(reversed ? second : first);
}

/* Two locks made by new_first() and new_second(), taken in an order. */
static void take_made_locks(bool reversed)
{
	pthread_mutex_t *first = new_first(), *second = new_second();

	if (!first || !second)
		exit(1);
	in_order(first, second, reversed);
}

/* The worker takes shared_lock, or (reversed) shared_lock is held while it is joined. */
static void join_made_thread(bool reversed)
{
	pthread_t thread;

	if (!start_worker(&thread, reversed ? NULL : &thread))
		exit(1);
	if (reversed)
		shared_lock_hold();
	pthread_join(thread, NULL);
	if (reversed)
		shared_lock_drop();
}
