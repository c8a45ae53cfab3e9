/*
 * The correct side of instance_init_pad_irq_safe_to_unsafe.c: the handler takes the
 * queue's sink pad, and outside it both pads are only ever taken with SIGUSR1
 * blocked, the queue's held over the encoder's. No pad is held where the handler
 * could arrive: silent.
 *
 * Expect: silent
 */
#include "instance_init.h"

static struct queue *queue;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&queue->sinkpad->stream_lock);
	pthread_mutex_unlock(&queue->sinkpad->stream_lock);
}

int main(void)
{
	struct encoder *encoder = object_new(&encoder_type, "jpegenc0");
	sigset_t usr1, old;

	queue = object_new(&queue_type, "queue1");
	install_handler(SIGUSR1, on_usr1, 0);
	raise(SIGUSR1);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	for (int i = 0; i < 2; i++) {
		EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
		pthread_mutex_lock(&encoder->sinkpad->stream_lock);
		pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
		pthread_mutex_lock(&queue->sinkpad->stream_lock);
		pthread_mutex_lock(&encoder->sinkpad->stream_lock);
		pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
		pthread_mutex_unlock(&queue->sinkpad->stream_lock);
		EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);
		raise(SIGUSR1);
	}
	return 0;
}
