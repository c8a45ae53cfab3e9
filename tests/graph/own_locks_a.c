/* Takes its own locks of tests/graph/own_locks.h in one order; own_locks_b.c, another
 * program, its own of the same names in the other. */
#include "own_locks.h"

int main(int argc, char **argv)
{
	return own_locks_main(argc, argv, false);
}
