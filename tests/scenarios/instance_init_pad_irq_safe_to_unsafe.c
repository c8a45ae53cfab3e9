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
	sigset_t usr1;

	queue = object_new(&queue_type, "queue1");
	install_handler(SIGUSR1, on_usr1, 0);
	raise(SIGUSR1);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	pthread_mutex_lock(&queue->sinkpad->stream_lock);
	pthread_mutex_lock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&encoder->sinkpad->stream_lock);
	pthread_mutex_unlock(&queue->sinkpad->stream_lock);
	return 0;
}
