/*
 * MariaDB's Aria log buffers as its bootstrap takes them (issue 23): one thread
 * advances a ring of 8 mutexes of one class, locking buffer i + 1 before it lets
 * buffer i go, and closes the ring holding another lock (a "gate") for five edges of
 * the eight; then it goes round again without the gate. Two edges always taken under
 * one gate cannot both be waited on at once, but after the second lap no edge keeps
 * its gate, and nothing in the lock order stops 8 threads from each holding one
 * buffer and waiting for the next (Aria is safe for a reason no lock shows: only the
 * holder of the current buffer moves on). Reported, whether a cycle is checked when
 * it closes or when an edge is seen without its gate.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: ring[0]
 */
#include <stdbool.h>
#include "ring.h"

#define BUFFERS	8

static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;

/* Holding ring[from], moves on to ring[to] (mod BUFFERS) as the log does. */
static int advance(int from, int to)
{
	for (; from != to; from = (from + 1) % BUFFERS) {
		pthread_mutex_lock(&ring[(from + 1) % BUFFERS]);
		pthread_mutex_unlock(&ring[from]);
	}
	return to;
}

static void lap(int from, int to, bool gated)
{
	if (gated)
		pthread_mutex_lock(&gate);
	pthread_mutex_lock(&ring[from]);
	pthread_mutex_unlock(&ring[advance(from, to)]);
	if (gated)
		pthread_mutex_unlock(&gate);
}

int main(int argc, char **argv)
{
	(void)argv;
	make_ring(ring, argc + BUFFERS - 1);
	lap(0, 2, true);
	lap(2, 5, false);
	lap(5, 0, true);
	lap(0, BUFFERS - 1, false);
	lap(BUFFERS - 1, 0, false);
	return 0;
}
