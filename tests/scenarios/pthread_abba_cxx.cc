/*
 * A C++ file calling pthread directly, checked by "-include liblockdep.h" as a C file
 * is (and preloaded): two threads take two mutexes in opposite orders, one after the
 * other.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: inbox_lock outbox_lock
 */
#include "scenario.h"
#include <thread>

static pthread_mutex_t inbox_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t outbox_lock = PTHREAD_MUTEX_INITIALIZER;

int main()
{
	std::thread(nest, &inbox_lock, &outbox_lock).join();
	std::thread(nest, &outbox_lock, &inbox_lock).join();
	return 0;
}
