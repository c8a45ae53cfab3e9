/*
 * A ring that is safe by the program's state, declared so as MariaDB declares its
 * Aria log buffers to its own deadlock detector (ma_loghandler.c takes one of the 8
 * buffers out of it): liblockdep_set_novalidate_class() on one member. Going round
 * the ring three times is then silent, while the other members stay checked: buffer
 * 3 and a static lock taken in both orders are still reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: ring[0] log_flush_lock
 */
#include "ring.h"

#define BUFFERS	8

static pthread_mutex_t log_flush_lock = PTHREAD_MUTEX_INITIALIZER;

int main(int argc, char **argv)
{
	(void)argv;
	make_ring(ring, argc + BUFFERS - 1);
	liblockdep_set_novalidate_class(&ring[BUFFERS - 2]);
	for (int lap = 0; lap < 3; lap++) {
		for (int i = 0; i < BUFFERS; i++)
			nest(&ring[i], &ring[(i + 1) % BUFFERS]);
	}
	nest(&ring[3], &log_flush_lock);
	nest(&log_flush_lock, &ring[3]);
	return 0;
}
