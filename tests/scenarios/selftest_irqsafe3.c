/*
 * The kernel's locking selftest "safe-A + unsafe-B #1" (irqsafe3_hard), in all six
 * orders and four columns (tests/scenarios/selftest_irq.h):
 *   E1: A, then B inside it (irqs on)     E2: B taken with irqs on
 *   E3: in the hard irq, A taken and let go
 * An irq-unsafe lock taken while holding an irq-safe one: the interrupt, coming
 * while B is held, waits for A, whose holder waits for B. The kernel's verdict:
 * FAILURE for spin and wlock (and mutex), SUCCESS for rlock (read locks may
 * recurse).
 *
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Names: spin_123_A spin_132_A spin_213_A spin_231_A spin_312_A spin_321_A
 * Names: wlock_123_A wlock_132_A wlock_213_A wlock_231_A wlock_312_A wlock_321_A
 * Names: mutex_123_A mutex_132_A mutex_213_A mutex_231_A mutex_312_A mutex_321_A
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
TYPE_##col c##_A, c##_B;						\
static void c##_E1(void)						\
{									\
	L_##col(c##_A); L_##col(c##_B); U_##col(c##_B); U_##col(c##_A);	\
}									\
static void c##_E2(void) { L_##col(c##_B); U_##col(c##_B); }		\
static void c##_irq(void) { L_##col(c##_A); U_##col(c##_A); }		\
static void c##_E3(void) { IRQ_RUN(c##_irq); }				\
static void c(void) { INIT_##col(c##_A); INIT_##col(c##_B); ORDER_##order(c) }

ORDERS_3(spin) ORDERS_3(wlock) ORDERS_3(rlock) ORDERS_3(mutex)

SELFTEST_IRQ_MAIN(NAMES_3(spin), NAMES_3(wlock), NAMES_3(rlock), NAMES_3(mutex))
