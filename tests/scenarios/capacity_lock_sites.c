/*
 * More init call sites than liblockdep keeps (8192, LIBLOCKDEP_MAX_LOCK_SITES): each
 * pthread_mutex_init() call below is a site, so its lock a class of its own. Two sites
 * must never share a class (the last two locks nested would read as recursive
 * locking): liblockdep names the limit in lockdep's words and stops validating; the
 * program runs on.
 *
 * Expect: BUG: MAX_LOCK_SITES too low!
 */
#include "scenario.h"

#define NR_SITES (8192 + 16)

static pthread_mutex_t locks[NR_SITES];
static int nr_inited;

/* Each expansion is a call site of its own. */
#define INIT_1		pthread_mutex_init(&locks[nr_inited++], NULL);
#define INIT_4		INIT_1 INIT_1 INIT_1 INIT_1
#define INIT_16		INIT_4 INIT_4 INIT_4 INIT_4
#define INIT_64		INIT_16 INIT_16 INIT_16 INIT_16
#define INIT_256	INIT_64 INIT_64 INIT_64 INIT_64
#define INIT_1024	INIT_256 INIT_256 INIT_256 INIT_256
#define INIT_4096	INIT_1024 INIT_1024 INIT_1024 INIT_1024

int main(void)
{
	INIT_4096 INIT_4096 INIT_16
	if (nr_inited != NR_SITES)
		return 2;
	nest(&locks[NR_SITES - 2], &locks[NR_SITES - 1]);
	return liblockdep_enabled() ? 5 : 0;
}
