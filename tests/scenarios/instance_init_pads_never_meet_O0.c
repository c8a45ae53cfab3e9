/*
 * instance_init_pads_never_meet.c built -O0: silent.
 *
 * Cflags: -O0
 * Expect: silent
 */
#include "instance_init_pads_never_meet.c"
