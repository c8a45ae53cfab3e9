/*
 * Correct: a C11 recursive mutex re-locked by its owner under another lock, and a
 * cnd_timedwait that times out: silent, with C11's return codes.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <threads.h>
#include <time.h>

int main(void)
{
	mtx_t recursive, inner;
	cnd_t cond;
	struct timespec ts;

	EXPECT_RET(mtx_init(&recursive, mtx_plain | mtx_recursive), thrd_success);
	EXPECT_RET(mtx_init(&inner, mtx_plain), thrd_success);
	EXPECT_RET(cnd_init(&cond), thrd_success);
	EXPECT_RET(mtx_lock(&recursive), thrd_success);
	EXPECT_RET(mtx_lock(&inner), thrd_success);
	EXPECT_RET(mtx_lock(&recursive), thrd_success);
	EXPECT_RET(mtx_unlock(&recursive), thrd_success);
	EXPECT_RET(mtx_unlock(&inner), thrd_success);
	clock_gettime(CLOCK_REALTIME, &ts);
	EXPECT_RET(cnd_timedwait(&cond, &recursive, &ts), thrd_timedout);
	EXPECT_RET(mtx_unlock(&recursive), thrd_success);
	cnd_destroy(&cond);
	mtx_destroy(&inner);
	mtx_destroy(&recursive);
	return 0;
}
