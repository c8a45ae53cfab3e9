/*
 * A ring of 5 mutexes from one init loop, one class: thread i locks m[i], then
 * m[(i + 1) % 5]. A deadlock when the threads run together; lockdep's class graph
 * sees only the class nested in itself, the instance graph (src/instance_nesting.c)
 * sees the cycle of 5 locks when the last thread closes it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: ring[0]
 */
#include "ring.h"

int main(int argc, char **argv)
{
	(void)argv;
	run_ring(argc + 4);
	return 0;
}
