/*
 * A C++ file calling pthread directly, checked by "-include liblockdep.h" as a C file
 * is (and preloaded): two threads take two mutexes in opposite orders, one after the
 * other.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: inbox_lock outbox_lock
 */
#include <pthread.h>
#include <thread>

static pthread_mutex_t inbox_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t outbox_lock = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

int main()
{
	std::thread(nest, &inbox_lock, &outbox_lock).join();
	std::thread(nest, &outbox_lock, &inbox_lock).join();
	return 0;
}
