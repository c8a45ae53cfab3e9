/*
 * A wrapper's sibling classes (lock_maker.h, src/lock_makers.c) in a cycle through a
 * static lock, on the same objects: one thread holds a record's mutex and takes a
 * session's (a nesting of two siblings, judged by instance); another holds the
 * session's and takes the registry lock; a third holds the registry lock and takes
 * the record's. Each waits for the next: a real deadlock, which no instance edge
 * alone shows, and lockdep sees with the record -> session dependency: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: registry_lock mutex@app_mutex_init<record_new*
 */
#include "maker_session_record.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t *session = session_new(), *record = record_new();
	pthread_mutex_t *record_session[2] = { record, session };
	pthread_mutex_t *session_registry[2] = { session, &registry_lock };
	pthread_mutex_t *registry_record[2] = { &registry_lock, record };

#ifndef PAIR_LAST
	run_in_thread(nest_pair, record_session);
#endif
	run_in_thread(nest_pair, session_registry);
	run_in_thread(nest_pair, registry_record);
#ifdef PAIR_LAST
	run_in_thread(nest_pair, record_session);
#endif
	return 0;
}
