/*
 * instance_init_ring_made_in_loop.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init
 */
#include "instance_init_ring_made_in_loop.c"
