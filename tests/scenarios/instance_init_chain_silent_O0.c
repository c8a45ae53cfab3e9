/*
 * instance_init_chain_silent.c built -O0: silent.
 *
 * Cflags: -O0
 * Expect: silent
 */
#include "instance_init_chain_silent.c"
