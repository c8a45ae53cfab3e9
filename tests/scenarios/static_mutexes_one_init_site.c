/*
 * V8's lazily created static mutexes (base::LazyMutex: a once flag, then the
 * mutex), all made by one function on first use. Each lives in a variable of its
 * own, so each is a class of its own, named after its variable, as a statically
 * initialised mutex is. One thread takes the entropy mutex, then a pool's lock; another
 * takes the pool's lock, then the process mutex: two different locks, no cycle. As
 * one class of their init site they made one (node's thread pool). Silent.
 *
 * Expect: silent
 */
#include "scenario.h"

struct lazy_mutex {
	pthread_once_t once;
	pthread_mutex_t mutex;
};

static struct lazy_mutex entropy_mutex = { PTHREAD_ONCE_INIT };
static struct lazy_mutex process_mutex = { PTHREAD_ONCE_INIT };
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *being_made;

static void make_mutex(void)
{
	pthread_mutex_init(being_made, NULL);
}

/* One site makes them all (V8 serialises its lazy instances; so does this test). */
static pthread_mutex_t *lazy_get(struct lazy_mutex *lazy)
{
	being_made = &lazy->mutex;
	pthread_once(&lazy->once, make_mutex);
	return &lazy->mutex;
}

static void *worker(void *arg)
{
	nest(&pool_lock, lazy_get(&process_mutex));
	return arg;
}

int main(void)
{
	nest(lazy_get(&entropy_mutex), &pool_lock);
	run_in_thread(worker, NULL);
	return 0;
}
