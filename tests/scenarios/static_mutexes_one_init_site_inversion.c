/*
 * The other side of static_mutexes_one_init_site.c: two of those lazily made static
 * mutexes taken in both orders by two threads, a real AB-BA. Each is a class of its
 * own, named after its variable: reported as a cycle between the two.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: entropy_mutex+0x8 process_mutex+0x8
 */
#include "scenario.h"

struct lazy_mutex {
	pthread_once_t once;
	pthread_mutex_t mutex;
};

static struct lazy_mutex entropy_mutex = { PTHREAD_ONCE_INIT };
static struct lazy_mutex process_mutex = { PTHREAD_ONCE_INIT };
static pthread_mutex_t *being_made;

static void make_mutex(void)
{
	pthread_mutex_init(being_made, NULL);
}

static pthread_mutex_t *lazy_get(struct lazy_mutex *lazy)
{
	being_made = &lazy->mutex;
	pthread_once(&lazy->once, make_mutex);
	return &lazy->mutex;
}

static void *worker(void *arg)
{
	nest(lazy_get(&process_mutex), lazy_get(&entropy_mutex));
	return arg;
}

int main(void)
{
	nest(lazy_get(&entropy_mutex), lazy_get(&process_mutex));
	run_in_thread(worker, NULL);
	return 0;
}
