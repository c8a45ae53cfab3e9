/*
 * A stripped program: its code and data have no symbols, so its classes are named
 * by object and offset, as its frames are ("mutex@sort+0xae4d"), never by an
 * absolute address, which changes with every run. A lock made on the heap (a class
 * of its init site) and one in static storage (a class of its own), in both orders.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@stripped_program_names*+0x* mutex@stripped_program_names*+0x*
 * Cflags: -Wl,--strip-all
 */
#include "scenario.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_t *entry = malloc(sizeof(*entry));

	if (!entry || pthread_mutex_init(entry, NULL))
		return 2;
	nest(entry, &table_lock);
	nest(&table_lock, entry);
	pthread_mutex_destroy(entry);
	free(entry);
	return 0;
}
