/*
 * cxx_guard_ring_O0.cc built -O2: the guard is inlined into each method, and the
 * three kinds of object's mutexes are three classes, first locked in Post(),
 * Record() and Touch()/Check(); lockdep's class graph finds the cycle. The same
 * report as at -O0, where the instance graph finds it.
 *
 * Cflags: -O2
 * Expect: WARNING: possible circular locking dependency detected
 */
#include "guard_ring.h"

int main()
{
	return guard_ring_main();
}
