/*
 * Correct: the reverse order is taken only with trylock, which cannot block and so
 * cannot deadlock; a trylock that fails is not recorded at all.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&outer);
	pthread_mutex_lock(&inner);
	pthread_mutex_unlock(&inner);
	pthread_mutex_unlock(&outer);

	pthread_mutex_lock(&inner);
	EXPECT_RET(pthread_mutex_trylock(&outer), 0);
	pthread_mutex_unlock(&outer);
	pthread_mutex_unlock(&inner);

	pthread_mutex_lock(&outer);
	EXPECT_RET(pthread_mutex_trylock(&outer), EBUSY);
	pthread_mutex_unlock(&outer);
	return 0;
}
