/*
 * maker_abba_through_class.c built -O0: the same cycle between the records' class
 * and the registry, the same report.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init registry_lock
 */
#include "maker_abba_through_class.c"
