/*
 * A program with its own allocator, serialised by a pthread mutex: liblockdep
 * allocates (names, tables, report text) while it is at work, and those allocations
 * lock the allocator's mutex. Such calls go straight to the real lock, unchecked,
 * instead of re-entering liblockdep (which would deadlock on its own table lock);
 * the program's own uses of the mutex, and its other locks, are checked as ever.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"
#include <string.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void __libc_free(void *ptr);

static pthread_mutex_t allocator_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static unsigned long allocations;

void *malloc(size_t size)
{
	void *p;

	pthread_mutex_lock(&allocator_lock);
	allocations++;
	p = __libc_malloc(size);
	pthread_mutex_unlock(&allocator_lock);
	return p;
}

void *calloc(size_t n, size_t size)
{
	void *p;

	pthread_mutex_lock(&allocator_lock);
	allocations++;
	p = __libc_calloc(n, size);
	pthread_mutex_unlock(&allocator_lock);
	return p;
}

void *realloc(void *ptr, size_t size)
{
	void *p;

	pthread_mutex_lock(&allocator_lock);
	allocations++;
	p = __libc_realloc(ptr, size);
	pthread_mutex_unlock(&allocator_lock);
	return p;
}

void free(void *ptr)
{
	pthread_mutex_lock(&allocator_lock);
	__libc_free(ptr);
	pthread_mutex_unlock(&allocator_lock);
}

static void *take_a_then_b(void *arg)
{
	pthread_mutex_lock(&lock_a);
	pthread_mutex_lock(&lock_b);
	free(strdup("allocated under both locks"));
	pthread_mutex_unlock(&lock_b);
	pthread_mutex_unlock(&lock_a);
	return arg;
}

static void *take_b_then_a(void *arg)
{
	pthread_mutex_lock(&lock_b);
	pthread_mutex_lock(&lock_a);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_b);
	return arg;
}

int main(void)
{
	run_in_thread(take_a_then_b, NULL);
	run_in_thread(take_b_then_a, NULL);
	if (!allocations) {
		fprintf(stderr, "scenario: the allocator was never used\n");
		return 3;
	}
	return 0;
}
