/*
 * The kernel's locking selftest "irq lock-inversion" (irq_inversion_hard), in all six
 * orders and four columns (tests/scenarios/selftest_irq.h); A is an rwlock in every
 * column (A's letter is the column's case, its kind always rwlock), B the column's:
 *   E1: irqs off, A write-locked, B inside it, irqs on
 *   E2: B taken with irqs on
 *   E3: in the hard irq, A read-locked and let go
 * One thread holds A for writing and waits for B; another holds B, and the
 * interrupt there waits to read A. The kernel's verdict: FAILURE for spin and wlock
 * (and mutex), SUCCESS for rlock (B read-locked may recurse).
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-READ-safe -> HARDIRQ-READ-unsafe lock order detected
 * Names: spin_123_A spin_123_B spin_132_A spin_132_B spin_213_A spin_213_B spin_231_A
 * Names: spin_231_B spin_312_A spin_312_B spin_321_A spin_321_B
 * Names: wlock_123_A wlock_123_B wlock_132_A wlock_132_B wlock_213_A wlock_213_B
 * Names: wlock_231_A wlock_231_B wlock_312_A wlock_312_B wlock_321_A wlock_321_B
 * Names: mutex_123_A mutex_123_B mutex_132_A mutex_132_B mutex_213_A mutex_213_B
 * Names: mutex_231_A mutex_231_B mutex_312_A mutex_312_B mutex_321_A mutex_321_B
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
pthread_rwlock_t c##_A;							\
TYPE_##col c##_B;							\
static void c##_E1(void)						\
{									\
	IRQ_DISABLE();							\
	L_wlock(c##_A); L_##col(c##_B); U_##col(c##_B); U_wlock(c##_A);	\
	IRQ_ENABLE();							\
}									\
static void c##_E2(void) { L_##col(c##_B); U_##col(c##_B); }		\
static void c##_irq(void) { L_rlock(c##_A); U_rlock(c##_A); }		\
static void c##_E3(void) { IRQ_RUN(c##_irq); }				\
static void c(void) { INIT_wlock(c##_A); INIT_##col(c##_B); ORDER_##order(c) }

ORDERS_3(spin) ORDERS_3(wlock) ORDERS_3(rlock) ORDERS_3(mutex)

SELFTEST_IRQ_MAIN(NAMES_3(spin), NAMES_3(wlock), NAMES_3(rlock), NAMES_3(mutex))
