/*
 * The deadlock of instance_init_pad_irq_safe_to_unsafe.c, learned the other way
 * round: the queue's pad is held over the encoder's with SIGUSR1 blocked, the
 * encoder's pad is taken with the signal deliverable, and only then does the
 * handler take the queue's pad. The pair of siblings came first: the handler's
 * usage meets it.
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Names: mutex@pad_init<queue_init mutex@pad_init
 */
#include "instance_init_irq.h"

int main(void)
{
	pads_make();
	pads_nest_blocked();
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	raise(SIGUSR1);
	return 0;
}
