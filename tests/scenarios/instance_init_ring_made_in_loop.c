/*
 * The ring that classes by creator must not hide (src/lock_creators.c): five pads
 * made in one loop, each stream lock made by a type's init called through a pointer,
 * one creator, one class. Thread i holds pad i and takes pad i + 1, one thread after
 * another: five dining philosophers, a cycle the instance graph finds.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@pad_init
 */
#include "instance_init.h"

int main(int argc, char **argv)
{
	int n = argc + 4;
	struct pad **pads = malloc(n * sizeof(*pads));

	(void)argv;
	if (!pads)
		exit(2);
	for (int i = 0; i < n; i++)
		pads[i] = pad_new("sink");
	for (int i = 0; i < n; i++) {
		pthread_mutex_t *pair[2] = { &pads[i]->stream_lock, &pads[(i + 1) % n]->stream_lock };

		run_in_thread(nest_pair, pair);
	}
	return 0;
}
