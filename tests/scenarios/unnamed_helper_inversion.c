/*
 * A stripped program's locks made by one static helper, keyed by call stack
 * (unnamed_helper_classes): a connection's lock and a static lock taken in both
 * orders are still an AB-BA, named by object and offset.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@unnamed_helper_inversion*+0x* mutex@unnamed_helper_inversion*+0x*
 * Cflags: -rdynamic -Wl,--strip-all
 */
#include "scenario.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) pthread_mutex_t *make_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m || pthread_mutex_init(m, NULL))
		exit(2);
	return m;
}

__attribute__((noinline)) pthread_mutex_t *connection_new(void);
__attribute__((noinline)) pthread_mutex_t *connection_new(void)
{
	return make_lock();
}

int main(void)
{
	pthread_mutex_t *connection = connection_new();

	nest(connection, &registry_lock);
	nest(&registry_lock, connection);
	return 0;
}
