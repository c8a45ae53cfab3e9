/*
 * The deadlock of instance_init_pad_irq_safe_to_unsafe.c, its last piece the
 * encoder's pad taken with SIGUSR1 deliverable: the pair of siblings and the
 * handler's usage came before, and the new usage meets them.
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Names: mutex@pad_init<queue_init mutex@pad_init
 */
#include "instance_init_irq.h"

int main(void)
{
	pads_make();
	pads_nest_blocked();
	raise(SIGUSR1);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	return 0;
}
