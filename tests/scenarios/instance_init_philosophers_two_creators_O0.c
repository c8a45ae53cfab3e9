/*
 * instance_init_philosophers_two_creators.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init mutex@pad_init<encoder_init
 */
#include "instance_init_philosophers_two_creators.c"
