/*
 * The deadlock that the pads' sibling classes could hide (src/lock_creators.c,
 * src/sibling_cycles.c): one thread holds the encoder's sink pad and pushes into
 * the queue's (two siblings, nested by instance); another holds the queue's sink
 * pad and takes the encoder's stream lock; a third holds the encoder's stream lock
 * and takes the encoder's sink pad. Each waits for the next: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@encoder_init mutex@pad_init mutex@pad_init<queue_init
 */
#include "instance_init.h"

int main(void)
{
	struct encoder *encoder = object_new(&encoder_type, "jpegenc0");
	struct queue *queue = object_new(&queue_type, "queue1");
	pthread_mutex_t *chain[2] = { &encoder->sinkpad->stream_lock, &queue->sinkpad->stream_lock };
	pthread_mutex_t *pad_first[2] = { &queue->sinkpad->stream_lock, &encoder->stream_lock };
	pthread_mutex_t *sink_event[2] = { &encoder->stream_lock, &encoder->sinkpad->stream_lock };

	run_in_thread(nest_pair, chain);
	run_in_thread(nest_pair, pad_first);
	run_in_thread(nest_pair, sink_event);
	return 0;
}
