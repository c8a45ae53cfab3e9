/*
 * A rules file's "suppress * function=GLOB": a report with a frame in a function the
 * glob names (in any of its stacks: the dependency chain's or the backtrace) is not
 * printed; an inversion that never passes through such a function still is.
 *
 * Rules: suppress * function=legacy_*
 * Expect: WARNING: possible circular locking dependency detected
 * Names: cache_lock index_lock
 * Suppress: suppress circular class=cache_lock class=index_lock
 */
#include "scenario.h"

static pthread_mutex_t import_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;

/* The old importer takes the table lock inside the import lock, against the order. */
static __attribute__((noinline)) void legacy_import(void)
{
	nest(&import_lock, &table_lock);
	__asm__ volatile("" ::: "memory");	/* keep this frame */
}

int main(void)
{
	nest(&table_lock, &import_lock);
	legacy_import();
	nest(&cache_lock, &index_lock);
	nest(&index_lock, &cache_lock);
	return 0;
}
