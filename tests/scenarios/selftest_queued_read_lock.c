/*
 * The kernel's locking selftest "queued read lock tests" (queued_read_lock_tests(),
 * run only with CONFIG_QUEUED_RWLOCKS; each one fixed sequence, no permutations), in
 * two columns (tests/scenarios/selftest_irq.h): A an rwlock, B a mutex (the kernel's
 * is a spin lock; a pthread rwlock sleeps, and under a pthread spin lock it is an
 * invalid wait context of its own, as in selftest_irq_read_recursion2.c).
 *   RE_Er "hardirq read-lock/lock-read": in the hard irq, A read, B inside it; then
 *         irqs off, B, A read inside it. The kernel: FAILURE.
 *   ER_rE "hardirq lock-read/read-lock": in the hard irq, B, A read inside it; then
 *         irqs off, A read, B inside it. The kernel: SUCCESS.
 *   inv   "hardirq inversion": in the hard irq, B; then irqs off, B, A read inside
 *         it; then A read with irqs on. The kernel: FAILURE.
 * The kernel's queued rwlock reads recursively in an interrupt only (its reader
 * there waits for no queued writer; read_lock_is_recursive() is in_interrupt()),
 * and not in a task. A pthread rwlock's reader waits for a queued writer or not by
 * the lock's kind, in a signal handler as anywhere: one lock cannot be read both
 * ways, so each row is run in both kinds:
 *   rlock  glibc's default rwlock: every read recursive (as the kernel's reads in
 *          the irq): RE_Er and inv silent, as lockdep is for a recursive read there
 *          (no writer can make the task's read wait); ER_rE silent, the kernel's
 *          verdict.
 *   wpref  PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP: every read non-recursive
 *          (as the kernel's in the task): RE_Er and inv reported, the kernel's
 *          verdicts; ER_rE reported, as the handler's read waits behind a queued
 *          writer while the task holds A and waits for B.
 * The side that decides the kernel's verdict has the kernel's kind of read in the
 * column that gets it: the task's read in RE_Er and inv, the irq's in ER_rE.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Names: wpref_RE_Er_A wpref_RE_Er_B wpref_ER_rE_A wpref_ER_rE_B wpref_inv_A wpref_inv_B
 */
#include "selftest_irq.h"

static void rwlock_of_kind(pthread_rwlock_t *lock, int kind)
{
	pthread_rwlockattr_t attr;

	EXPECT_RET(pthread_rwlockattr_init(&attr), 0);
	EXPECT_RET(pthread_rwlockattr_setkind_np(&attr, kind), 0);
	EXPECT_RET(pthread_rwlock_init(lock, &attr), 0);
	EXPECT_RET(pthread_rwlockattr_destroy(&attr), 0);
}

#define KIND_rlock	PTHREAD_RWLOCK_PREFER_READER_NP
#define KIND_wpref	PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP

#define LOCKS(c, col)							\
pthread_rwlock_t c##_A;							\
pthread_mutex_t c##_B;							\
static void c##_init(void)						\
{									\
	rwlock_of_kind(&c##_A, KIND_##col);				\
	INIT_mutex(c##_B);						\
}

#define RE_Er(col)							\
LOCKS(col##_RE_Er, col)							\
static void col##_RE_Er_irq(void)					\
{									\
	L_rlock(col##_RE_Er_A); L_mutex(col##_RE_Er_B);			\
	U_mutex(col##_RE_Er_B); U_rlock(col##_RE_Er_A);			\
}									\
static void col##_RE_Er(void)						\
{									\
	col##_RE_Er_init();						\
	IRQ_RUN(col##_RE_Er_irq);					\
	IRQ_DISABLE();							\
	L_mutex(col##_RE_Er_B); L_rlock(col##_RE_Er_A);			\
	U_rlock(col##_RE_Er_A); U_mutex(col##_RE_Er_B);			\
	IRQ_ENABLE();							\
}

#define ER_rE(col)							\
LOCKS(col##_ER_rE, col)							\
static void col##_ER_rE_irq(void)					\
{									\
	L_mutex(col##_ER_rE_B); L_rlock(col##_ER_rE_A);			\
	U_rlock(col##_ER_rE_A); U_mutex(col##_ER_rE_B);			\
}									\
static void col##_ER_rE(void)						\
{									\
	col##_ER_rE_init();						\
	IRQ_RUN(col##_ER_rE_irq);					\
	IRQ_DISABLE();							\
	L_rlock(col##_ER_rE_A); L_mutex(col##_ER_rE_B);			\
	U_mutex(col##_ER_rE_B); U_rlock(col##_ER_rE_A);			\
	IRQ_ENABLE();							\
}

#define INV(col)							\
LOCKS(col##_inv, col)							\
static void col##_inv_irq(void)						\
{									\
	L_mutex(col##_inv_B); U_mutex(col##_inv_B);			\
}									\
static void col##_inv(void)						\
{									\
	col##_inv_init();						\
	IRQ_RUN(col##_inv_irq);						\
	IRQ_DISABLE();							\
	L_mutex(col##_inv_B); L_rlock(col##_inv_A);			\
	U_rlock(col##_inv_A); U_mutex(col##_inv_B);			\
	IRQ_ENABLE();							\
	L_rlock(col##_inv_A); U_rlock(col##_inv_A);			\
}

RE_Er(rlock) ER_rE(rlock) INV(rlock)
RE_Er(wpref) ER_rE(wpref) INV(wpref)

SELFTEST_IRQ_MAIN(rlock_RE_Er, rlock_ER_rE, rlock_inv, wpref_RE_Er, wpref_ER_rE, wpref_inv)
