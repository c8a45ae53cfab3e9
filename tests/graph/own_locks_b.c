/* Takes its own locks of tests/graph/own_locks.h in the order opposite to
 * own_locks_a.c's: no deadlock, since the two programs share none of them. */
#include "own_locks.h"

int main(int argc, char **argv)
{
	return own_locks_main(argc, argv, true);
}
