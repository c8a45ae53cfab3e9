/*
 * instance_init_chain_static_between.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<transform_init registry_lock
 */
#include "instance_init_chain_static_between.c"
