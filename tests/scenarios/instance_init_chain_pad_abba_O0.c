/*
 * instance_init_chain_pad_abba.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@codec_init mutex@pad_init<transform_init
 */
#include "instance_init_chain_pad_abba.c"
