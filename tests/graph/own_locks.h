/*
 * A test helper header included by own_locks_a.c and own_locks_b.c: each of the two
 * programs gets its own static locks, lock-making functions and thread start routine
 * of these names and this code. The two take them in opposite orders, which is no
 * deadlock: they share no lock. One graph (LIBLOCKDEP_GRAPH) for both must stay
 * silent, while the code both link, shared_parts.o, is one class in both
 * (tests/checks/graph_across_processes.sh). The first argument names the case, a
 * second one reverses the program's order.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void shared_lock_take(void);
void shared_lock_hold(void);
void shared_lock_drop(void);
void shared_sites(bool reversed);
void shared_thread(bool joined_holding);

/* Classes "lock" and "mutex": static locks. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
/* Classes "table_lock" and "index_lock": init sites named after their variables. */
static pthread_mutex_t table_lock, index_lock;

static void in_order(pthread_mutex_t *first, pthread_mutex_t *second, bool reversed)
{
	pthread_mutex_lock(reversed ? second : first);
	pthread_mutex_lock(reversed ? first : second);
	pthread_mutex_unlock(reversed ? first : second);
	pthread_mutex_unlock(reversed ? second : first);
}

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

/* A global function, each program's own (no tail call: the sites stay in it). */
__attribute__((noinline)) int init_tables(void)
{
	return pthread_mutex_init(&table_lock, NULL) | pthread_mutex_init(&index_lock, NULL);
}

static void *worker(void *take_shared)
{
	if (take_shared)
		shared_lock_take();
	return NULL;
}

/* Class "thread@worker+0x0<start_worker+0x..": a static start routine, created in a
 * static function. */
static __attribute__((noinline)) bool start_worker(pthread_t *thread, void *take_shared)
{
	return !pthread_create(thread, NULL, worker, take_shared);
}

/* The worker takes the shared lock, or (reversed) the shared lock is held while it
 * is joined. */
static void own_thread(bool reversed)
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

static int own_locks_main(int argc, char **argv, bool reversed)
{
	const char *what = argc > 1 ? argv[1] : "";
	pthread_mutex_t *first, *second;

	reversed ^= argc > 2;
	if (!strcmp(what, "static")) {
		in_order(&lock, &mutex, reversed);
	} else if (!strcmp(what, "site")) {
		first = new_first();
		second = new_second();
		if (!first || !second)
			return 1;
		in_order(first, second, reversed);
	} else if (!strcmp(what, "variable")) {
		if (init_tables())
			return 1;
		in_order(&table_lock, &index_lock, reversed);
	} else if (!strcmp(what, "thread")) {
		own_thread(reversed);
	} else if (!strcmp(what, "shared-site")) {
		shared_sites(reversed);
	} else if (!strcmp(what, "shared-thread")) {
		shared_thread(reversed);
	} else {
		return 2;
	}
	return 0;
}
