/*
 * Records whose mutexes the program's own wrapper makes (lock_maker.h), all by one
 * caller, and a static registry lock: one thread holds a record over the registry,
 * another the registry over a record. A cycle between the records' class and the
 * registry, reported as any AB-BA between two classes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init registry_lock
 */
#include "lock_maker.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

int main(int argc, char **argv)
{
	pthread_mutex_t *records;
	pthread_mutex_t *there[2], *back[2] = { &registry_lock };

	(void)argv;
	records = maker_made_in_loop(argc + 1);
	there[0] = &records[0];
	there[1] = &registry_lock;
	back[1] = &records[1];
	run_in_thread(nest_pair, there);
	run_in_thread(nest_pair, back);
	return 0;
}
