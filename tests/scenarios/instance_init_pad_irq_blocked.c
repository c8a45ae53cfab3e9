/*
 * The correct side of instance_init_pad_irq_safe_to_unsafe.c: the handler takes the
 * queue's sink pad, and outside it both pads are only ever taken with SIGUSR1
 * blocked, the queue's held over the encoder's. No pad is held where the handler
 * could arrive: silent.
 *
 * Expect: silent
 */
#include "instance_init_irq.h"

int main(void)
{
	sigset_t old;

	pads_make();
	raise(SIGUSR1);
	for (int i = 0; i < 2; i++) {
		EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
		pthread_mutex_lock(&encoder->sinkpad->stream_lock);
		pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
		EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);
		pads_nest_blocked();
		raise(SIGUSR1);
	}
	return 0;
}
