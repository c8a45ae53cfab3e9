/*
 * The deadlock that pads judged by instance must not hide (src/lock_creators.c):
 * two converters' sink pads, one class, on either side of the encoder's stream lock.
 * One thread pushes from the first converter through the encoder into the second,
 * holding the first's pad and the encoder's lock when it takes the second's pad;
 * another holds the second converter's pad and sends an event into the encoder,
 * taking its lock. The second pad is one object on both sides of the encoder's
 * lock: each thread waits for the other's lock.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@codec_init mutex@pad_init<transform_init
 */
#include "instance_init_chain.h"

int main(void)
{
	struct codec *enc;
	struct transform *t[2];

	chain_new(&enc, 1, t, 2);

	struct nesting buffer = { { &t[0]->sinkpad->stream_lock, &enc->stream_lock,
				    &t[1]->sinkpad->stream_lock }, 3 };
	struct nesting event = { { &t[1]->sinkpad->stream_lock, &enc->stream_lock }, 2 };

	run_in_thread(nest_all_thread, &buffer);
	run_in_thread(nest_all_thread, &event);
	return 0;
}
