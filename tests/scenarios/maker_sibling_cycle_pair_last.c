/*
 * maker_sibling_cycle_through_static.c's cycle with its nesting of two siblings
 * learned last: a session's mutex held over the registry lock, the registry lock
 * over a record's mutex (lockdep's two dependencies), then the record's mutex held
 * over the session's (a pair of siblings, judged by instance). The new pair closes
 * the cycle: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: registry_lock mutex@app_mutex_init<record_new* mutex@app_mutex_init
 */
#include "lock_maker.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) pthread_mutex_t *session_new(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m)
		exit(2);
	app_mutex_init(m);
	return m;
}

static __attribute__((noinline)) pthread_mutex_t *record_new(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m)
		exit(2);
	app_mutex_init(m);
	return m;
}

int main(void)
{
	pthread_mutex_t *session = session_new(), *record = record_new();
	pthread_mutex_t *record_session[2] = { record, session };
	pthread_mutex_t *session_registry[2] = { session, &registry_lock };
	pthread_mutex_t *registry_record[2] = { &registry_lock, record };

	run_in_thread(nest_pair, session_registry);
	run_in_thread(nest_pair, registry_record);
	run_in_thread(nest_pair, record_session);
	return 0;
}
