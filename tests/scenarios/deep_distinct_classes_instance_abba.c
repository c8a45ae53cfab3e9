/*
 * Two accounts of one class (one init call, on the heap), each used once: account[0]
 * taken, then 69 locks of as many classes, each by a trylock (which makes no
 * dependency), then account[1], by when account[0] is set aside past lockdep's
 * records (src/merged_locks.c). The order account[0] -> account[1] is still judged
 * instance by instance (src/instance_nesting.c): taking them the other way round
 * later is the bank transfer's deadlock, which only the instance graph sees. The
 * same steps with a lock of another class in account[0]'s place come first: the
 * fast path (src/fast_path.c) then knows account[1]'s step, and must not take it
 * while account[0] is set aside.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@account_new
 */
#define DEEP_CNT 69
#include "deep_distinct_classes.h"
#include <stdlib.h>

static pthread_mutex_t *account[2];

static __attribute__((noinline)) pthread_mutex_t *account_new(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	EXPECT_RET(pthread_mutex_init(m, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(m), 0);
	EXPECT_RET(pthread_mutex_unlock(m), 0);
	return m;
}

static pthread_mutex_t other = PTHREAD_MUTEX_INITIALIZER;

/* outer, the chain by trylocks, account[1] inside: twice, the fast path's second */
static void deep_then_account(pthread_mutex_t *outer)
{
	for (int round = 0; round < 2; round++) {
		EXPECT_RET(pthread_mutex_lock(outer), 0);
		for (int i = 0; i < DEEP_CNT; i++)
			EXPECT_RET(pthread_mutex_trylock(&chain[i]), 0);
		EXPECT_RET(pthread_mutex_lock(account[1]), 0);
		EXPECT_RET(pthread_mutex_unlock(account[1]), 0);
		deep_unlock(0, DEEP_CNT);
		EXPECT_RET(pthread_mutex_unlock(outer), 0);
	}
}

int main(void)
{
	for (int i = 0; i < 2; i++)
		account[i] = account_new();
	deep_then_account(&other);
	deep_then_account(account[0]);
	nest(account[1], account[0]);
	return 0;
}
