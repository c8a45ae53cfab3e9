/*
 * Three unrelated roles' heap mutexes, all made by the program's own wrapper
 * (lock_maker.h): the diagnostics' mutex, a record's and a worker's. A record's
 * mutex is held while the registry lock is taken; the registry lock is held while
 * the diagnostics' mutex is taken; a worker holds its own mutex over a record's.
 * As one class for the wrapper's call site, record -> registry -> diagnostics was a
 * cycle of that class through the registry; each caller of a wrapper is a class of
 * its own (src/lock_makers.c): silent.
 *
 * Expect: silent
 */
#include "lock_maker.h"

struct diags { pthread_mutex_t lock; int lines; };
struct record { pthread_mutex_t lock; int value; };
struct worker { pthread_mutex_t lock; int jobs; };

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct diags *diags;

static __attribute__((noinline)) struct diags *diags_new(void)
{
	struct diags *d = calloc(1, sizeof(*d));

	if (!d)
		exit(2);
	app_mutex_init(&d->lock);
	d->lines = 1;
	return d;
}

static __attribute__((noinline)) struct record *record_new(int value)
{
	struct record *r = calloc(1, sizeof(*r));

	if (!r)
		exit(2);
	app_mutex_init(&r->lock);
	r->value = value;
	return r;
}

static __attribute__((noinline)) struct worker *worker_new(void)
{
	struct worker *w = calloc(1, sizeof(*w));

	if (!w)
		exit(2);
	app_mutex_init(&w->lock);
	w->jobs = 2;
	return w;
}

static void *publish(void *arg)
{
	struct record *r = arg;

	pthread_mutex_lock(&r->lock);
	pthread_mutex_lock(&registry_lock);
	r->value++;
	pthread_mutex_unlock(&registry_lock);
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

static void *log_registry(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_lock(&diags->lock);
	diags->lines++;
	pthread_mutex_unlock(&diags->lock);
	pthread_mutex_unlock(&registry_lock);
	return NULL;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct record *r = record_new(w->jobs);

	nest(&w->lock, &r->lock);
	publish(r);
	return NULL;
}

int main(void)
{
	struct record *r;

	diags = diags_new();
	r = record_new(1);
	run_in_thread(publish, r);
	run_in_thread(log_registry, NULL);
	run_in_thread(work, worker_new());
	run_in_thread(work, worker_new());
	return 0;
}
