/*
 * instance_init_pad_abba.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<queue_init mutex@encoder_init
 */
#include "instance_init_pad_abba.c"
