/*
 * A test helper header included by own_locks_a.c and own_locks_b.c: each of the two
 * programs gets its own static locks, lock-making functions and thread start routine
 * of these names and this code. The two take them in opposite orders, which is no
 * deadlock: they share no lock. One graph (LIBLOCKDEP_GRAPH) for both must stay
 * silent, while the code both link, shared_parts.o, is one class in both
 * (tests/checks/graph_across_processes.sh). The first argument names the case, a
 * second one reverses the program's order.
 */
#include <string.h>
#include "lock_makers.h"

void shared_sites(bool reversed);
void shared_thread(bool reversed);

/* Classes "lock" and "mutex": static locks. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
/* Classes "table_lock" and "index_lock": init sites named after their variables. */
static pthread_mutex_t table_lock, index_lock;

/* A global function, each program's own (no tail call: the sites stay in it). */
__attribute__((noinline)) int init_tables(void)
{
	return pthread_mutex_init(&table_lock, NULL) | pthread_mutex_init(&index_lock, NULL);
}

static int own_locks_main(int argc, char **argv, bool reversed)
{
	const char *what = argc > 1 ? argv[1] : "";

	reversed ^= argc > 2;
	if (!strcmp(what, "static")) {
		in_order(&lock, &mutex, reversed);
	} else if (!strcmp(what, "site")) {
		take_made_locks(reversed);
	} else if (!strcmp(what, "variable")) {
		if (init_tables())
			return 1;
		in_order(&table_lock, &index_lock, reversed);
	} else if (!strcmp(what, "thread")) {
		join_made_thread(reversed);
	} else if (!strcmp(what, "shared-site")) {
		shared_sites(reversed);
	} else if (!strcmp(what, "shared-thread")) {
		shared_thread(reversed);
	} else {
		return 2;
	}
	return 0;
}
