/*
 * A ring of five heap mutexes (five dining philosophers' forks) made in one loop
 * through the program's own wrapper (lock_maker.h): one caller, one class, and the
 * ring a cycle of its locks, which the instance graph finds however the wrapper's
 * callers are told apart.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@app_mutex_init
 */
#include "lock_maker.h"

int main(int argc, char **argv)
{
	(void)argv;
	maker_ring(maker_made_in_loop(argc + 4), 5);
	return 0;
}
