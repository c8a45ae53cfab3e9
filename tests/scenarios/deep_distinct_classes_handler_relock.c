/*
 * 62 locks of as many classes held with SIGUSR1 deliverable: lockdep's records are
 * full. The signal's handler then waits for chain[0], which the code it interrupted
 * holds: a self-deadlock (a timed wait here, which gives up). The handler's
 * acquisition sets the outermost records aside, chain[0]'s among them
 * (src/merged_locks.c), and it is still the kernel's verdict: chain[0] was taken with
 * interrupts on and is now taken in one, an inconsistent lock state.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: chain[0]
 */
#ifndef DEEP_CNT
#define DEEP_CNT 62
#endif
#include "deep_distinct_classes.h"

static void on_usr1(int sig)
{
	(void)sig;
	wait_in_vain(&chain[0]);
}

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	deep_lock(0, DEEP_CNT);
	raise(SIGUSR1);
	deep_unlock(0, DEEP_CNT);
	return 0;
}
