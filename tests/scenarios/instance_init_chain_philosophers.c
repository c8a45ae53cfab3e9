/*
 * Dining philosophers that pads judged by instance must not hide
 * (src/lock_creators.c): the forks are five converters' sink pads, one class; the
 * philosophers five encoders, each holding its own stream lock while it takes its
 * left fork, then its right one, one after another: a cycle of five pads, each
 * taken inside an encoder's lock, which the instance graph finds when the fifth
 * eats.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<transform_init
 */
#include "instance_init_chain.h"

#define PHILOSOPHERS	5

int main(void)
{
	struct codec *enc[PHILOSOPHERS];
	struct transform *t[PHILOSOPHERS];

	chain_new(enc, PHILOSOPHERS, t, PHILOSOPHERS);
	for (int i = 0; i < PHILOSOPHERS; i++) {
		struct nesting eat = { { &enc[i]->stream_lock, &t[i]->sinkpad->stream_lock,
					 &t[(i + 1) % PHILOSOPHERS]->sinkpad->stream_lock }, 3 };

		run_in_thread(nest_all_thread, &eat);
	}
	return 0;
}
