/*
 * Binary semaphores (sem_t initialised to 1) used as mutexes, each described by a
 * map: waited on after acquiring the map, posted before releasing it. Two of them in
 * both orders are an AB-BA; the same two always in one order are silent.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: sem_config sem_cache
 */
#include "scenario.h"
#include <semaphore.h>

struct sem_lock {
	sem_t sem;
	struct liblockdep_map map;
};

static struct sem_lock config = { .map = LIBLOCKDEP_MAP_INIT("sem_config") };
static struct sem_lock cache = { .map = LIBLOCKDEP_MAP_INIT("sem_cache") };

static void sem_lock(struct sem_lock *s)
{
	liblockdep_map_acquire(&s->map);
	while (sem_wait(&s->sem))
		;
}

static void sem_unlock(struct sem_lock *s)
{
	sem_post(&s->sem);
	liblockdep_map_release(&s->map);
}

static void sem_nest(struct sem_lock *outer, struct sem_lock *inner)
{
	sem_lock(outer);
	sem_lock(inner);
	sem_unlock(inner);
	sem_unlock(outer);
}

static void *reload(void *arg)
{
	sem_nest(&config, &cache);
	sem_nest(&config, &cache);
	return arg;
}

static void *evict(void *arg)
{
	sem_nest(&cache, &config);
	return arg;
}

int main(void)
{
	sem_init(&config.sem, 0, 1);
	sem_init(&cache.sem, 0, 1);
	run_in_thread(reload, NULL);
	run_in_thread(evict, NULL);
	return 0;
}
