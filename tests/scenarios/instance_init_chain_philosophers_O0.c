/*
 * instance_init_chain_philosophers.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<transform_init
 */
#include "instance_init_chain_philosophers.c"
