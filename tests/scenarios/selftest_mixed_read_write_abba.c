/*
 * The kernel's locking selftests "mixed read-lock/lock-write ABBA", "mixed
 * read-lock/lock-read ABBA", "mixed write-lock/lock-write ABBA" and "chain cached
 * mixed R-L/L-W ABBA" (lib/locking-selftest.c): an rwlock A and a mutex B taken in
 * both orders, A read or written (a mutex, not the kernel's spin lock, which a
 * sleeping lock may not be taken inside). The kernel's verdicts, which are ours:
 *   rlock: read A, B / B, write A      deadlock
 *   rlock: read A, B / B, read A       fine (readers recurse)
 *   rlock: write A, B / B, write A     deadlock
 *   rlock: read A, B / B, read A / B, write A: deadlock, whatever the chain
 *          cache holds from the read-only chain
 *   rsem: read A, B / B, write A; read A, B / B, read A; write A, B / B, write A:
 *          deadlock each (a waiting writer blocks the second reader)
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: rlock_A mutex_A rlock_B mutex_B rlock_D mutex_D rsem_A partner_1 rsem_B partner_2 rsem_C partner_3
 */
#include "selftest.h"

/* read or write outer, then inner; both let go. */
#define NEST(outer_l, outer_u, o, inner_l, inner_u, i)	do {		\
	outer_l(o); inner_l(i); inner_u(i); outer_u(o);			\
} while (0)

pthread_mutex_t partner_1 = PTHREAD_MUTEX_INITIALIZER, partner_2 = PTHREAD_MUTEX_INITIALIZER,
	partner_3 = PTHREAD_MUTEX_INITIALIZER;
#define L_partner(x)	EXPECT_RET(pthread_mutex_lock(&partner_##x), 0)
#define U_partner(x)	EXPECT_RET(pthread_mutex_unlock(&partner_##x), 0)

int main(void)
{
	/* rlock_ABBA1 */
	NEST(L_rlock, U_rlock, A, L_mutex, U_mutex, A);
	NEST(L_mutex, U_mutex, A, W_rlock, U_rlock, A);
	/* rlock_ABBA2 */
	NEST(L_rlock, U_rlock, C, L_mutex, U_mutex, C);
	NEST(L_mutex, U_mutex, C, L_rlock, U_rlock, C);
	/* rlock_ABBA3 */
	NEST(W_rlock, U_rlock, B, L_mutex, U_mutex, B);
	NEST(L_mutex, U_mutex, B, W_rlock, U_rlock, B);
	/* rlock_chaincache_ABBA1 */
	NEST(L_rlock, U_rlock, D, L_mutex, U_mutex, D);
	NEST(L_mutex, U_mutex, D, L_rlock, U_rlock, D);
	NEST(L_mutex, U_mutex, D, W_rlock, U_rlock, D);
	/* rwsem_ABBA1 */
	NEST(L_rsem, U_rsem, A, L_partner, U_partner, 1);
	NEST(L_partner, U_partner, 1, W_rsem, U_rsem, A);
	/* rwsem_ABBA2 */
	NEST(L_rsem, U_rsem, B, L_partner, U_partner, 2);
	NEST(L_partner, U_partner, 2, L_rsem, U_rsem, B);
	/* rwsem_ABBA3 */
	NEST(W_rsem, U_rsem, C, L_partner, U_partner, 3);
	NEST(L_partner, U_partner, 3, W_rsem, U_rsem, C);
	return 0;
}
