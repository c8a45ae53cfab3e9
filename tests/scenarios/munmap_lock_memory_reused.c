/*
 * A mapping holding a mutex (zeroed memory, first locked without an init) unmapped,
 * then mapped again at the same address: the mutex there is a new lock. The first is
 * taken before the registry, the second after it: no inversion.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <sys/mman.h>
#include <unistd.h>

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;

static void *map_at(void *where, size_t size)
{
	void *p = mmap(where, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | (where ? MAP_FIXED : 0), -1, 0);

	if (p == MAP_FAILED) {
		fprintf(stderr, "scenario: mmap failed\n");
		exit(2);
	}
	return p;
}

static __attribute__((noinline)) void take_first(pthread_mutex_t *m)
{
	nest(m, &registry);
}

static __attribute__((noinline)) void take_second(pthread_mutex_t *m)
{
	nest(&registry, m);
}

int main(void)
{
	size_t size = (size_t)sysconf(_SC_PAGESIZE);
	char *region = map_at(NULL, size);

	take_first((pthread_mutex_t *)(region + 128));
	if (munmap(region, size))
		return 2;
	take_second((pthread_mutex_t *)(map_at(region, size) + 128));
	munmap(region, size);
	return 0;
}
