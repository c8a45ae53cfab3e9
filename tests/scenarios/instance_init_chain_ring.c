/*
 * A ring that pads judged by instance must not hide (src/lock_creators.c): five
 * converters and five encoders made in one loop each, one class of pads and one of
 * encoder locks. Thread i holds converter i's sink pad, takes encoder i's stream
 * lock and pushes into converter i + 1's pad, one thread after another: each would
 * wait for the next, a cycle of ten locks over two classes that the instance graph
 * finds.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@codec_init mutex@pad_init<transform_init
 */
#include "instance_init_chain.h"

#define RING	5

int main(void)
{
	struct codec *enc[RING];
	struct transform *t[RING];

	chain_new(enc, RING, t, RING);
	for (int i = 0; i < RING; i++) {
		struct nesting push = { { &t[i]->sinkpad->stream_lock, &enc[i]->stream_lock,
					  &t[(i + 1) % RING]->sinkpad->stream_lock }, 3 };

		run_in_thread(nest_all_thread, &push);
	}
	return 0;
}
