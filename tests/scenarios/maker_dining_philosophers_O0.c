/*
 * maker_dining_philosophers.c built -O0: the wrapper and its callers out of line and
 * larger; the same ring through both callers' forks, the same report.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init mutex@app_mutex_init<spare_fork*
 */
#include "maker_dining_philosophers.c"
