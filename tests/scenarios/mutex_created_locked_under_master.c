/*
 * GDAL's CPLCreateOrAcquireMutexEx(): under the library's master mutex, a mutex
 * that does not exist yet is created and locked before the master is let go; one
 * that exists is locked after the master is let go. So master -> mutex happens only
 * on a brand-new mutex that no other thread can reach: it cannot wait. Elsewhere a
 * thread holding one such mutex asks for another (mutex -> master). All the mutexes
 * are made at one site, one class: master -> mutex and mutex -> master looked like a
 * cycle (gdalwarp -multi). Silent, also with a class per lock.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t master = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *config_mutex, *file_mutex;

static void create_or_acquire(pthread_mutex_t **mutex)
{
	pthread_mutex_lock(&master);
	if (!*mutex) {
		pthread_mutex_t *made = malloc(sizeof(*made));

		if (!made)
			exit(2);
		pthread_mutex_init(made, NULL);
		pthread_mutex_lock(made);
		*mutex = made;
		pthread_mutex_unlock(&master);
		return;
	}
	pthread_mutex_unlock(&master);
	pthread_mutex_lock(*mutex);
}

/* Reading a configuration file: the file layer's mutex under the configuration's. */
static void *load_config(void *arg)
{
	create_or_acquire(&config_mutex);
	create_or_acquire(&file_mutex);
	pthread_mutex_unlock(file_mutex);
	pthread_mutex_unlock(config_mutex);
	return arg;
}

int main(void)
{
	load_config(NULL);
	run_in_thread(load_config, NULL);
	return 0;
}
