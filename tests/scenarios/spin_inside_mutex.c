/*
 * Correct: a spin lock taken inside a mutex, spin locks nested in one order, a
 * trylock that fails; all silent.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <errno.h>

static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_spinlock_t first, second;

	pthread_spin_init(&first, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_init(&second, PTHREAD_PROCESS_PRIVATE);
	for (int i = 0; i < 3; i++) {
		pthread_mutex_lock(&outer);
		EXPECT_RET(pthread_spin_lock(&first), 0);
		EXPECT_RET(pthread_spin_lock(&second), 0);
		EXPECT_RET(pthread_spin_trylock(&second), EBUSY);
		EXPECT_RET(pthread_spin_unlock(&second), 0);
		EXPECT_RET(pthread_spin_unlock(&first), 0);
		pthread_mutex_unlock(&outer);
	}
	EXPECT_RET(pthread_spin_destroy(&second), 0);
	EXPECT_RET(pthread_spin_destroy(&first), 0);
	return 0;
}
