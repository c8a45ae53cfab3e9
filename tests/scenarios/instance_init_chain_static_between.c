/*
 * The limit of pads judged by instance (src/lock_creators.c): only locks made by
 * types' init functions are judged by object with each other. A static lock is one
 * object for the whole program, and a class of its own, as in the kernel: one thread
 * holds the first converter's sink pad and takes the registry lock, another holds
 * the registry lock and takes the second converter's pad. Two different pads, but
 * one class on both sides of one lock, lockdep's circular dependency, as any other
 * program's two locks of one class around a static one would be.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init<transform_init registry_lock
 */
#include "instance_init_chain.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	struct codec *enc;
	struct transform *t[2];

	chain_new(&enc, 1, t, 2);

	pthread_mutex_t *lookup[2] = { &t[0]->sinkpad->stream_lock, &registry_lock };
	pthread_mutex_t *notify[2] = { &registry_lock, &t[1]->sinkpad->stream_lock };

	run_in_thread(nest_pair, lookup);
	run_in_thread(nest_pair, notify);
	return 0;
}
