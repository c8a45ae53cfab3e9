/* One object linked into own_locks_a and own_locks_b (tests/graph/own_locks.h): its
 * static lock, its init sites in static functions and its static thread start
 * routine are one class in both programs, so their orders, opposite in the two, make
 * a deadlock across them. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

void shared_lock_take(void)
{
	pthread_mutex_lock(&shared_lock);
	pthread_mutex_unlock(&shared_lock);
}

void shared_lock_hold(void)
{
	pthread_mutex_lock(&shared_lock);
}

void shared_lock_drop(void)
{
	pthread_mutex_unlock(&shared_lock);
}

/* Classes "mutex@new_alpha+0x.." and "mutex@new_beta+0x..". */
static __attribute__((noinline)) pthread_mutex_t *new_alpha(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (m)
		pthread_mutex_init(m, NULL);
	return m;
}

static __attribute__((noinline)) pthread_mutex_t *new_beta(void)
{
	pthread_mutex_t *m = calloc(1, sizeof(*m));

	if (m)
		pthread_mutex_init(m, NULL);
	return m;
}

void shared_sites(bool reversed)
{
	pthread_mutex_t *alpha = new_alpha(), *beta = new_beta();

	if (!alpha || !beta)
		exit(1);
	pthread_mutex_lock(reversed ? beta : alpha);
	pthread_mutex_lock(reversed ? alpha : beta);
	pthread_mutex_unlock(reversed ? alpha : beta);
	pthread_mutex_unlock(reversed ? beta : alpha);
}

static void *shared_worker(void *take_lock)
{
	if (take_lock)
		shared_lock_take();
	return NULL;
}

/* Class "thread@shared_worker+0x0<start_shared_worker+0x..". */
static __attribute__((noinline)) bool start_shared_worker(pthread_t *thread, void *take_lock)
{
	return !pthread_create(thread, NULL, shared_worker, take_lock);
}

/* The worker takes shared_lock, or shared_lock is held while it is joined. */
void shared_thread(bool joined_holding)
{
	pthread_t thread;

	if (!start_shared_worker(&thread, joined_holding ? NULL : &thread))
		exit(1);
	if (joined_holding)
		shared_lock_hold();
	pthread_join(thread, NULL);
	if (joined_holding)
		shared_lock_drop();
}
