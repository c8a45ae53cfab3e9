/*
 * maker_ring_made_in_loop.c built -O0: the wrapper and its caller out of line,
 * larger; the same ring, the same report.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init
 */
#include "maker_ring_made_in_loop.c"
