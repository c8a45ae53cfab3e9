/*
 * realloc() that moves a block holding a mutex gives the old block back: a lock
 * allocated there next is a new lock. The first mutex is taken before the registry;
 * the one in the block that malloc hands out at the old address, after it: no
 * inversion. The move and the reuse are forced (a large realloc, then malloc of the
 * old size; the scenario fails if glibc does neither).
 *
 * Expect: silent
 */
#include "scenario.h"
#include <stdint.h>

/* reallocarray_moved_lock_memory_reused.c grows it with reallocarray(). */
#ifndef GROW
#define GROW(b)		realloc(b, 1 << 20)
#define GROW_NAME	"realloc"
#endif

struct buffer {
	pthread_mutex_t lock;
	char data[24];
};

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) struct buffer *fill(void)
{
	struct buffer *b = malloc(sizeof(*b));

	if (!b)
		exit(2);
	pthread_mutex_init(&b->lock, NULL);
	nest(&b->lock, &registry);
	return b;
}

static __attribute__((noinline)) void flush(struct buffer *b)
{
	b->lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
	nest(&registry, &b->lock);
}

int main(void)
{
	struct buffer *b = fill(), *again;
	uintptr_t old = (uintptr_t)b;
	void *grown = GROW(b);

	if (!grown || (uintptr_t)grown == old) {
		fprintf(stderr, "scenario: " GROW_NAME " did not move the block\n");
		return 3;
	}
	again = malloc(sizeof(*again));
	if ((uintptr_t)again != old) {
		fprintf(stderr, "scenario: malloc did not reuse the old block\n");
		return 3;
	}
	flush(again);
	free(again);
	free(grown);
	return 0;
}
