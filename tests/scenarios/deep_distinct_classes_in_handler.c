/*
 * A signal handler that holds handler_lock while it takes 70 locks of as many
 * classes, lets them go, then takes after_lock: the handler's own records, its first
 * among them, are set aside past lockdep's depth limit and come back in the handler
 * (src/merged_locks.c). The program takes none of them with the signal deliverable:
 * correct, and silent.
 *
 * Expect: silent
 */
#include "deep_distinct_classes.h"

static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t after_lock = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&handler_lock), 0);
	deep_lock(0, DEEP_CNT);
	deep_unlock(0, DEEP_CNT);
	EXPECT_RET(pthread_mutex_lock(&after_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&after_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&handler_lock), 0);
}

#ifndef AFTER_HANDLERS
#define AFTER_HANDLERS()
#endif

int main(void)
{
	install_handler(SIGUSR1, on_usr1, 0);
	raise(SIGUSR1);
	raise(SIGUSR1);
	AFTER_HANDLERS();
	return 0;
}
