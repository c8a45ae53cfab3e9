/* The instance_init_pad_irq_*.c scenarios: a queue and an encoder made by their
 * types' inits (instance_init.h), whose sink pads are sibling classes, and a SIGUSR1
 * handler that takes the queue's pad. */
#ifndef INSTANCE_INIT_IRQ_H
#define INSTANCE_INIT_IRQ_H
#include "instance_init.h"

static struct encoder *encoder;
static struct queue *queue;
static sigset_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&queue->sinkpad->stream_lock);
	pthread_mutex_unlock(&queue->sinkpad->stream_lock);
}

static void pads_make(void)
{
	encoder = object_new(&encoder_type, "jpegenc0");
	queue = object_new(&queue_type, "queue1");
	install_handler(SIGUSR1, on_usr1, 0);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
}

/* The queue's pad held over the encoder's, with SIGUSR1 blocked. */
static void pads_nest_blocked(void)
{
	sigset_t old;

	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
	pthread_mutex_lock(&queue->sinkpad->stream_lock);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&queue->sinkpad->stream_lock);
	EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);
}
#endif
