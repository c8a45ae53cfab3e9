/*
 * The kernel's locking selftest "safe-A + irqs-on" (irqsafe2B_hard), in both orders
 * and four columns (tests/scenarios/selftest_irq.h):
 *   E1: in the hard irq, A taken and let go
 *   E2: irqs off, A taken, irqs on while A is held, A let go
 * The interrupt may come while A is held and wait for it. The kernel's verdict:
 * FAILURE for spin and wlock (and mutex), SUCCESS for rlock (read locks may
 * recurse).
 *
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Names: spin_12_A spin_21_A
 * Names: wlock_12_A wlock_21_A
 * Names: mutex_12_A mutex_21_A
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
TYPE_##col c##_A;							\
static void c##_irq(void) { L_##col(c##_A); U_##col(c##_A); }		\
static void c##_E1(void) { IRQ_RUN(c##_irq); }				\
static void c##_E2(void)						\
{									\
	IRQ_DISABLE(); L_##col(c##_A); IRQ_ENABLE(); U_##col(c##_A);	\
}									\
static void c(void) { INIT_##col(c##_A); ORDER_##order(c) }

ORDERS_2(spin) ORDERS_2(wlock) ORDERS_2(rlock) ORDERS_2(mutex)

SELFTEST_IRQ_MAIN(NAMES_2(spin), NAMES_2(wlock), NAMES_2(rlock), NAMES_2(mutex))
