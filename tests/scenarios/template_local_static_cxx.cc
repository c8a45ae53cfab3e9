/*
 * A function template's local static lock, one per instantiation, named as the source
 * spells it ("table_lock<int>()::m", not "_ZZ10table_lockIiEP15pthread_mutex_tvE1m"):
 * the locks of table_lock<int> and table_lock<long> taken in both orders.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: table_lock<int>()::m table_lock<long>()::m
 */
#include "scenario.h"

template <typename T> static pthread_mutex_t *table_lock()
{
	static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

	return &m;
}

int main()
{
	nest(table_lock<int>(), table_lock<long>());
	nest(table_lock<long>(), table_lock<int>());
	return 0;
}
