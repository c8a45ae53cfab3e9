/*
 * GStreamer's chain without queues (videoconvert ! videoflip ! jpegenc !
 * videoconvert, src/lock_creators.c): one thread pushes a buffer through the first
 * converter's sink pad, the flipper's, the encoder's, takes the encoder's stream
 * lock, and pushes into the last converter's sink pad, holding each; another sends
 * an event that the flipper passes to the encoder: the flipper's pad held over the
 * encoder's lock. The converters' and the flipper's pads are one class, so lockdep's
 * classes saw pad -> encoder -> pad, a cycle; the pads are three different objects,
 * nested in one order, and no thread can take the last one over the first: silent.
 *
 * Expect: silent
 */
#include "instance_init_chain.h"

int main(void)
{
	struct codec *enc;
	struct transform *t[3];

	chain_new(&enc, 1, t, 3);

	struct nesting buffer = { { &t[0]->sinkpad->stream_lock, &t[1]->sinkpad->stream_lock,
				    &enc->sinkpad->stream_lock, &enc->stream_lock,
				    &t[2]->sinkpad->stream_lock }, 5 };
	struct nesting event = { { &t[1]->sinkpad->stream_lock, &enc->stream_lock }, 2 };

	run_in_thread(nest_all_thread, &buffer);
	run_in_thread(nest_all_thread, &event);
	return 0;
}
