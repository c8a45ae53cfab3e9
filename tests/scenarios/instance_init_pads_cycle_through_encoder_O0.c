/*
 * instance_init_pads_cycle_through_encoder.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@encoder_init mutex@pad_init mutex@pad_init<queue_init
 */
#include "instance_init_pads_cycle_through_encoder.c"
