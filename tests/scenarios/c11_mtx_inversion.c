/*
 * C11 mutexes are checked like pthread's: an inversion between a plain and a timed
 * mtx_t, closed by mtx_timedlock, with C11's own return codes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@main
 */
#include "scenario.h"
#include <threads.h>
#include <time.h>

int main(void)
{
	mtx_t plain, timed;
	struct timespec ts;

	EXPECT_RET(mtx_init(&plain, mtx_plain), thrd_success);
	EXPECT_RET(mtx_init(&timed, mtx_timed), thrd_success);
	EXPECT_RET(mtx_lock(&plain), thrd_success);
	EXPECT_RET(mtx_lock(&timed), thrd_success);
	EXPECT_RET(mtx_trylock(&timed), thrd_busy);
	EXPECT_RET(mtx_unlock(&timed), thrd_success);
	EXPECT_RET(mtx_unlock(&plain), thrd_success);

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += 5;
	EXPECT_RET(mtx_lock(&timed), thrd_success);
	EXPECT_RET(mtx_timedlock(&plain, &ts), thrd_success);
	EXPECT_RET(mtx_unlock(&plain), thrd_success);
	EXPECT_RET(mtx_unlock(&timed), thrd_success);
	mtx_destroy(&timed);
	mtx_destroy(&plain);
	return 0;
}
