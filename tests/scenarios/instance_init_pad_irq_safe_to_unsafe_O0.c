/*
 * instance_init_pad_irq_safe_to_unsafe.c built -O0: reported.
 *
 * Cflags: -O0
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: mutex@pad_init<queue_init mutex@pad_init
 */
#include "instance_init_pad_irq_safe_to_unsafe.c"
