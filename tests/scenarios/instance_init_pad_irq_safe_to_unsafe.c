/*
 * Hard-irq order through sibling classes (src/sibling_irq.c): the SIGUSR1 handler
 * takes the queue's sink pad; the encoder's sink pad is taken with the signal
 * deliverable; then, with it blocked, the queue's pad is held over the encoder's.
 * Thread 1 holds the encoder's pad, the signal arrives, its handler waits for the
 * queue's pad; thread 2 holds the queue's pad and waits for the encoder's. The pads
 * are siblings, nested by instance, so lockdep never sees the dependency: it is
 * judged with the handler's usage when the pair comes.
 *
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: mutex@pad_init<queue_init mutex@pad_init
 */
#include "instance_init_irq.h"

int main(void)
{
	pads_make();
	raise(SIGUSR1);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	pads_nest_blocked();
	return 0;
}
