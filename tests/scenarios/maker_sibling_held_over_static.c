/*
 * A wrapper's sibling classes (lock_maker.h, src/lock_makers.c) with a static lock
 * between them: one thread holds a session's mutex, then the registry lock, then a
 * record's mutex; another holds that record's mutex and takes the registry lock.
 * The session and the record are siblings, whose order the instance graph judges;
 * the registry's order with the record stays lockdep's own (registry -> record,
 * learned under the session), so record -> registry closes a cycle of two classes,
 * a real deadlock on one record.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: registry_lock mutex@app_mutex_init<record_new*
 */
#include "maker_session_record.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static pthread_mutex_t *session, *record;

static void *publish(void *arg)
{
	(void)arg;
	pthread_mutex_lock(session);
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_lock(record);
	pthread_mutex_unlock(record);
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(session);
	return NULL;
}

int main(void)
{
	pthread_mutex_t *back[2];

	session = session_new();
	record = record_new();
	back[0] = record;
	back[1] = &registry_lock;
	run_in_thread(publish, NULL);
	run_in_thread(nest_pair, back);
	return 0;
}
