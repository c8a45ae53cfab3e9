/*
 * The other side of std::thread's narrowed plumbing (src/lock_plumbing.c), built -O0:
 * the ring of lambda_ring.h, five std::mutex of one class locked by lambdas run in
 * std::thread's _M_run(), is reported with default settings.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 */
#include "lambda_ring.h"

int main()
{
	return lambda_ring_main();
}
