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
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, &old), 0);
	pthread_mutex_lock(&queue->sinkpad->stream_lock);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&queue->sinkpad->stream_lock);
	EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);

	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	raise(SIGUSR1);
	return 0;
}
