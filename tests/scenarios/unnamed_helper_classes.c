/*
 * A stripped library that makes every lock in one static helper (libdbus's
 * _dbus_platform_rmutex_new(), which Debian's libdbus does not name): nothing tells
 * the helper from an init site, so an unnamed site's classes go by the call stack.
 * The first initialisation takes a global lock under init_lock; later a
 * connection's lock is held when init_lock is taken again: as one class for the
 * helper's locks, a false cycle; by call stack, two classes, silent
 * (unnamed_helper_inversion: a real cycle through such a lock is still reported).
 *
 * Expect: silent
 * Cflags: -rdynamic -Wl,--strip-all
 */
#include "scenario.h"

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *global_lock;

static __attribute__((noinline)) pthread_mutex_t *make_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m || pthread_mutex_init(m, NULL))
		exit(2);
	return m;
}

__attribute__((noinline)) void threads_init(void);
__attribute__((noinline)) void threads_init(void)
{
	pthread_mutex_lock(&init_lock);
	if (!global_lock) {
		global_lock = make_lock();
		pthread_mutex_lock(global_lock);	/* registering a shutdown hook */
		pthread_mutex_unlock(global_lock);
	}
	pthread_mutex_unlock(&init_lock);
}

__attribute__((noinline)) pthread_mutex_t *connection_new(void);
__attribute__((noinline)) pthread_mutex_t *connection_new(void)
{
	return make_lock();
}

int main(void)
{
	pthread_mutex_t *connection;

	threads_init();
	connection = connection_new();
	pthread_mutex_lock(connection);
	threads_init();				/* init_lock under a connection's lock */
	pthread_mutex_unlock(connection);
	return 0;
}
