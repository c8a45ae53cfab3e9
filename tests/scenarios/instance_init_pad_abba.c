/*
 * The deadlock that classes by creator must not hide (src/lock_creators.c): one
 * thread holds the queue's sink pad and takes the encoder's stream lock; another
 * holds the encoder's stream lock and takes the same pad. One pad, one class: a
 * circular dependency.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<queue_init mutex@encoder_init
 */
#include "instance_init.h"

int main(void)
{
	struct encoder *encoder = object_new(&encoder_type, "jpegenc0");
	struct queue *queue = object_new(&queue_type, "queue1");
	pthread_mutex_t *pad_first[2] = { &queue->sinkpad->stream_lock, &encoder->stream_lock };
	pthread_mutex_t *encoder_first[2] = { &encoder->stream_lock, &queue->sinkpad->stream_lock };

	run_in_thread(nest_pair, pad_first);
	run_in_thread(nest_pair, encoder_first);
	return 0;
}
