/*
 * deep_distinct_classes_in_handler.c, then the program, with the signal blocked,
 * takes after_lock and inside it handler_lock: the handler took them the other way,
 * handler_lock set aside past lockdep's depth limit and back when after_lock came.
 * The AB-BA is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: handler_lock after_lock
 */
static void inverted(void);
#define AFTER_HANDLERS() inverted()
#include "deep_distinct_classes_in_handler.c"

static void inverted(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &usr1, NULL), 0);
	nest(&after_lock, &handler_lock);
}
