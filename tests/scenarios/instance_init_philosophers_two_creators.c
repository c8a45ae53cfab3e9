/*
 * Dining philosophers whose forks are pads of two creators (src/lock_creators.c):
 * the sink pads of two queues and of two encoders, sibling classes, around one
 * table. Thread i holds fork i and takes fork i + 1, one thread after another: a
 * cycle over siblings, which the instance graph finds.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init mutex@pad_init<encoder_init
 */
#include "instance_init.h"

int main(void)
{
	struct queue *q0 = object_new(&queue_type, "queue0");
	struct encoder *e0 = object_new(&encoder_type, "jpegenc0");
	struct queue *q1 = object_new(&queue_type, "queue1");
	struct encoder *e1 = object_new(&encoder_type, "jpegenc1");
	pthread_mutex_t *forks[4] = { &q0->sinkpad->stream_lock, &e0->sinkpad->stream_lock,
				      &q1->sinkpad->stream_lock, &e1->sinkpad->stream_lock };

	for (int i = 0; i < 4; i++) {
		pthread_mutex_t *pair[2] = { forks[i], forks[(i + 1) % 4] };

		run_in_thread(nest_pair, pair);
	}
	return 0;
}
