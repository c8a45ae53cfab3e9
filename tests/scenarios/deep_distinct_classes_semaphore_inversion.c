/*
 * deep_distinct_classes_semaphore.c, where after the first round chain[5] is taken
 * and inside it the semaphore, which was held, set aside past lockdep's depth limit,
 * when chain[0] to chain[5] were taken: the inversion is reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: sem_lock chain[5]
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#define AFTER_DEEP() inverted()
static void inverted(void);
#include "deep_distinct_classes_semaphore.c"

static void inverted(void)
{
	EXPECT_RET(pthread_mutex_lock(&chain[5]), 0);
	EXPECT_RET(sem_wait(&sem_lock), 0);
	EXPECT_RET(sem_post(&sem_lock), 0);
	EXPECT_RET(pthread_mutex_unlock(&chain[5]), 0);
}
