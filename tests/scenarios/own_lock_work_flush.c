/*
 * A wait modelled as a lock, the kernel's flush_work() pattern: the worker holds the
 * work item's map while it runs the item, and whoever waits for the item acquires
 * and releases the map. Waiting for an item that takes config_lock while holding
 * config_lock is a deadlock, reported before any hang (the worker ran first here);
 * waiting without holding it is silent.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: config_lock reload_work
 */
#include "scenario.h"

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static struct liblockdep_map reload_work = LIBLOCKDEP_MAP_INIT("reload_work");

/* The worker: runs the item with its map held. */
static void *run_reload(void *arg)
{
	liblockdep_map_acquire(&reload_work);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	liblockdep_map_release(&reload_work);
	return arg;
}

/* Waits until the item has run (it has: the worker was joined). */
static void flush_reload(void)
{
	liblockdep_map_acquire(&reload_work);
	liblockdep_map_release(&reload_work);
}

int main(void)
{
	run_in_thread(run_reload, NULL);
	flush_reload();
	pthread_mutex_lock(&config_lock);
	flush_reload();
	pthread_mutex_unlock(&config_lock);
	return 0;
}
