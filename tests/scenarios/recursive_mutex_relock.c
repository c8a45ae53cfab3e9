/*
 * Correct: a recursive mutex re-locked by its owner is not a new acquisition, so
 * re-taking it under another lock adds no dependency (lockdep sees only the outermost
 * lock and unlock). Both the attribute and the _NP static initializer kinds.
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t static_recursive = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;

static void outer_then_inner(pthread_mutex_t *outer)
{
	EXPECT_RET(pthread_mutex_lock(outer), 0);
	EXPECT_RET(pthread_mutex_lock(outer), 0);
	EXPECT_RET(pthread_mutex_lock(&inner), 0);
	EXPECT_RET(pthread_mutex_lock(outer), 0);	/* nested: not inner -> outer */
	EXPECT_RET(pthread_mutex_trylock(outer), 0);
	EXPECT_RET(pthread_mutex_unlock(outer), 0);
	EXPECT_RET(pthread_mutex_unlock(outer), 0);
	EXPECT_RET(pthread_mutex_unlock(&inner), 0);
	EXPECT_RET(pthread_mutex_unlock(outer), 0);
	EXPECT_RET(pthread_mutex_unlock(outer), 0);
}

int main(void)
{
	pthread_mutexattr_t attr;
	pthread_mutex_t recursive;

	pthread_mutexattr_init(&attr);
	pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&recursive, &attr);
	outer_then_inner(&recursive);
	outer_then_inner(&static_recursive);
	pthread_mutex_destroy(&recursive);
	return 0;
}
