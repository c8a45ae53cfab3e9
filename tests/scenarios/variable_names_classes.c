/*
 * A class is named after the variable its lock lives in, as the kernel names one
 * after the expression in mutex_init(&x): a lock initialised by a call in a global
 * reads as that global's name, a static lock in an array as its element, one inside
 * a larger variable as the variable and the offset (the symbol table has no member
 * names). A cycle through the three names all three.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: worker_hang_lock locks[3] stats+0x10
 */
#include "scenario.h"

pthread_mutex_t worker_hang_lock;
static pthread_mutex_t locks[4] = {
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};
static struct {
	long counts[2];
	pthread_mutex_t lock;
} stats = { .lock = PTHREAD_MUTEX_INITIALIZER };

static __attribute__((noinline)) void threads_init(void)
{
	pthread_mutex_init(&worker_hang_lock, NULL);
}

int main(void)
{
	threads_init();
	nest(&worker_hang_lock, &locks[3]);
	nest(&locks[3], &stats.lock);
	nest(&stats.lock, &worker_hang_lock);
	stats.counts[0]++;
	return 0;
}
