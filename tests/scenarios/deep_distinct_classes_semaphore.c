/*
 * LIBLOCKDEP_SEMAPHORES=1: a binary semaphore used as a lock, held while 70 locks of
 * as many classes are taken and let go, so that its record is the outermost set
 * aside past lockdep's depth limit (src/merged_locks.c). Then the same while another
 * thread posts it, which makes it a signal: the holder's record of it goes quietly.
 * A correct program, silent.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#include "deep_distinct_classes.h"
#include <semaphore.h>

static sem_t sem_lock;

static void *post(void *arg)
{
	EXPECT_RET(sem_post(&sem_lock), 0);
	return arg;
}

#ifndef AFTER_DEEP
#define AFTER_DEEP()
#endif

int main(void)
{
	EXPECT_RET(sem_init(&sem_lock, 0, 1), 0);
	EXPECT_RET(sem_wait(&sem_lock), 0);	/* known as a lock from now on */
	EXPECT_RET(sem_post(&sem_lock), 0);
	EXPECT_RET(sem_wait(&sem_lock), 0);
	deep_lock(0, DEEP_CNT);
	deep_unlock(0, DEEP_CNT);
	EXPECT_RET(sem_post(&sem_lock), 0);
	AFTER_DEEP();

	EXPECT_RET(sem_wait(&sem_lock), 0);
	deep_lock(0, DEEP_CNT);
	run_in_thread(post, NULL);
	deep_unlock(0, DEEP_CNT);
	EXPECT_RET(sem_wait(&sem_lock), 0);
	EXPECT_RET(sem_post(&sem_lock), 0);
	return 0;
}
