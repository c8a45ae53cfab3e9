/*
 * libuv creates every lock of a program that uses it in uv_mutex_init() (recreated
 * here as libuv defines it), a lock maker (src/lock_makers.c): each caller's locks
 * are a class, sibling classes nested by instance, as with OpenSSL's helper.
 * libuv's own threadpool mutex and a loop's work-queue mutex, always nested in that
 * order (uv_cancel()), would otherwise be one class; taken in both orders they are a
 * cycle of the instance graph, named by both classes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@uv_mutex_init mutex@uv_mutex_init<loop_init*
 */
#include "scenario.h"

__attribute__((noinline)) int uv_mutex_init(pthread_mutex_t *mutex);
__attribute__((noinline)) int uv_mutex_init(pthread_mutex_t *mutex)
{
	return pthread_mutex_init(mutex, NULL) ? -1 : 0;
}

static pthread_mutex_t *threadpool_mutex, *wq_mutex;

/* Each caller is a function of its own (not folded into one, nor a jump). */
static __attribute__((noinline)) pthread_mutex_t *threadpool_init(void)
{
	pthread_mutex_t *mutex = malloc(sizeof(*mutex));

	if (!mutex || uv_mutex_init(mutex))
		exit(2);
	return mutex;
}

static __attribute__((noinline)) pthread_mutex_t *loop_init(void)
{
	pthread_mutex_t *mutex = calloc(1, sizeof(*mutex));

	if (!mutex || uv_mutex_init(mutex))
		exit(2);
	return mutex;
}

int main(void)
{
	threadpool_mutex = threadpool_init();
	wq_mutex = loop_init();
	nest(threadpool_mutex, wq_mutex);
	nest(threadpool_mutex, wq_mutex);
	nest(wq_mutex, threadpool_mutex);
	return 0;
}
