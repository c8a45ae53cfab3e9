/*
 * GStreamer's shape (src/lock_creators.c): one thread holds the encoder's sink pad
 * and takes the encoder's stream lock; another holds the encoder's stream lock and
 * pushes into the next queue's sink pad. Both pads are made by one init function,
 * called through a pointer, for two creators: as one class, pad -> encoder -> pad
 * was a cycle; the two pads are different objects, and no thread takes them the
 * other way round: silent.
 *
 * Expect: silent
 */
#include "instance_init.h"

int main(void)
{
	struct encoder *encoder = object_new(&encoder_type, "jpegenc0");
	struct queue *queue = object_new(&queue_type, "queue1");
	pthread_mutex_t *sink_event[2] = { &encoder->sinkpad->stream_lock, &encoder->stream_lock };
	pthread_mutex_t *push[2] = { &encoder->stream_lock, &queue->sinkpad->stream_lock };
	pthread_mutex_t *chain[2] = { &encoder->sinkpad->stream_lock, &queue->sinkpad->stream_lock };

	run_in_thread(nest_pair, sink_event);
	run_in_thread(nest_pair, push);
	run_in_thread(nest_pair, chain);
	return 0;
}
