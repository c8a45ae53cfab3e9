/*
 * Class names (liblockdep_set_class()) with a newline and a tab in them: printed
 * escaped, "\n" and "\t", in the report, its rule line, JSON and SARIF, and never cut
 * there. Two cycles whose classes differ only after the newline are two problems,
 * with two fingerprints: both are reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: queue\nin queue\nout table\tlock
 * Suppress: suppress circular class=table\tlock class=queue\nin
 * Suppress: suppress circular class=table\tlock class=queue\nout
 */
#include "scenario.h"

static pthread_mutex_t in = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t out = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t table = PTHREAD_MUTEX_INITIALIZER;
static struct liblockdep_key in_key, out_key, table_key;

int main(void)
{
	pthread_mutex_t *locks[] = { &in, &out, &table };

	for (int i = 0; i < 3; i++) {	/* known to liblockdep before their classes */
		pthread_mutex_lock(locks[i]);
		pthread_mutex_unlock(locks[i]);
	}
	liblockdep_set_class(&in, &in_key, "queue\nin");
	liblockdep_set_class(&out, &out_key, "queue\nout");
	liblockdep_set_class(&table, &table_key, "table\tlock");
	nest(&table, &in);
	nest(&in, &table);
	nest(&table, &out);
	nest(&out, &table);
	return 0;
}
