/*
 * deep_distinct_classes_trylocks_between_400.c's nesting made twice, the second time
 * over the dependencies the first added; two other threads then take under_tries and
 * tries[0] each with after_tries inside it, in the same order. Silent.
 *
 * Expect: silent
 */
#define DEEP_CNT 30
#include "deep_distinct_classes.h"

#define TRIES 400
static pthread_mutex_t under_tries = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t tries[TRIES] = { [0 ... TRIES - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t after_tries = PTHREAD_MUTEX_INITIALIZER;

static void *same_order(void *arg)
{
	nest(arg, &after_tries);
	return NULL;
}

int main(void)
{
	for (int round = 0; round < 2; round++) {
		deep_lock(0, DEEP_CNT);
		EXPECT_RET(pthread_mutex_lock(&under_tries), 0);
		for (int i = 0; i < TRIES; i++)
			EXPECT_RET(pthread_mutex_trylock(&tries[i]), 0);
		EXPECT_RET(pthread_mutex_lock(&after_tries), 0);
		EXPECT_RET(pthread_mutex_unlock(&after_tries), 0);
		for (int i = TRIES - 1; i >= 0; i--)
			EXPECT_RET(pthread_mutex_unlock(&tries[i]), 0);
		EXPECT_RET(pthread_mutex_unlock(&under_tries), 0);
		deep_unlock(0, DEEP_CNT);
	}
	run_in_thread(same_order, &under_tries);
	run_in_thread(same_order, &tries[0]);
	return 0;
}
