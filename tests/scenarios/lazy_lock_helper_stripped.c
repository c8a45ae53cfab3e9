/*
 * A library that creates a lock on its first use, in a static function of a stripped
 * object (GLib's g_rec_mutex_lock() and its g_rec_mutex_impl_new(), recreated here:
 * the program is stripped but exports its functions, so the static one has no name).
 * An unnamed frame called by a lock-creating helper is the helper's own, so the class
 * is the site that called g_rec_mutex_lock(). Two such locks always nested in one
 * order are silent (with the unnamed site as their class, "recursive locking"); the
 * same two in both orders are still an AB-BA, named by their callers.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@type_lock* mutex@module_lock*
 * Cflags: -rdynamic -Wl,--strip-all
 */
#include "scenario.h"

typedef struct {
	pthread_mutex_t *impl;
} GRecMutex;

static __attribute__((noinline)) pthread_mutex_t *rec_mutex_impl_new(void)
{
	pthread_mutex_t *impl = malloc(sizeof(*impl));

	if (!impl || pthread_mutex_init(impl, NULL))
		exit(2);
	return impl;
}

__attribute__((noinline)) void g_rec_mutex_lock(GRecMutex *mutex);
__attribute__((noinline)) void g_rec_mutex_lock(GRecMutex *mutex)
{
	pthread_mutex_t *impl = __atomic_load_n(&mutex->impl, __ATOMIC_ACQUIRE);

	if (!impl) {
		pthread_mutex_t *none = NULL;

		impl = rec_mutex_impl_new();
		if (!__atomic_compare_exchange_n(&mutex->impl, &none, impl, 0,
						 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			exit(2);	/* one thread here */
	}
	pthread_mutex_lock(impl);
}

__attribute__((noinline)) void g_rec_mutex_unlock(GRecMutex *mutex);
__attribute__((noinline)) void g_rec_mutex_unlock(GRecMutex *mutex)
{
	pthread_mutex_unlock(mutex->impl);
}

static GRecMutex type_mutex, module_mutex;
static int calls;

/* Each caller a function of its own, exported so that it keeps its name. */
__attribute__((noinline)) void type_lock(void);
__attribute__((noinline)) void type_lock(void)
{
	g_rec_mutex_lock(&type_mutex);
	calls++;
}

__attribute__((noinline)) void module_lock(void);
__attribute__((noinline)) void module_lock(void)
{
	g_rec_mutex_lock(&module_mutex);
	calls += 2;
}

int main(void)
{
	module_lock();
	type_lock();
	g_rec_mutex_unlock(&type_mutex);
	g_rec_mutex_unlock(&module_mutex);
	module_lock();
	type_lock();
	g_rec_mutex_unlock(&type_mutex);
	g_rec_mutex_unlock(&module_mutex);
	type_lock();
	module_lock();
	g_rec_mutex_unlock(&module_mutex);
	g_rec_mutex_unlock(&type_mutex);
	return calls == 9 ? 0 : 1;
}
