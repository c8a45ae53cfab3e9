/*
 * The kernel's locking selftest "safe-A + unsafe-B #2" (irqsafe4_hard), in all six
 * orders and four columns (tests/scenarios/selftest_irq.h):
 *   E1: irqs off, A, then B inside it, irqs on     E2: B taken with irqs on
 *   E3: in the hard irq, A taken and let go
 * A lock that turns irq-safe, having taken an irq-unsafe one: the interrupt, coming
 * while B is held, waits for A, whose holder waits for B. The kernel's verdict:
 * FAILURE for spin and wlock (and mutex), SUCCESS for rlock (read locks may
 * recurse).
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: spin_123_A spin_123_B spin_132_A spin_132_B spin_213_A spin_213_B spin_231_A
 * Names: spin_231_B spin_312_A spin_312_B spin_321_A spin_321_B
 * Names: wlock_123_A wlock_123_B wlock_132_A wlock_132_B wlock_213_A wlock_213_B
 * Names: wlock_231_A wlock_231_B wlock_312_A wlock_312_B wlock_321_A wlock_321_B
 * Names: mutex_123_A mutex_123_B mutex_132_A mutex_132_B mutex_213_A mutex_213_B
 * Names: mutex_231_A mutex_231_B mutex_312_A mutex_312_B mutex_321_A mutex_321_B
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
TYPE_##col c##_A, c##_B;						\
static void c##_E1(void)						\
{									\
	IRQ_DISABLE();							\
	L_##col(c##_A); L_##col(c##_B); U_##col(c##_B); U_##col(c##_A);	\
	IRQ_ENABLE();							\
}									\
static void c##_E2(void) { L_##col(c##_B); U_##col(c##_B); }		\
static void c##_irq(void) { L_##col(c##_A); U_##col(c##_A); }		\
static void c##_E3(void) { IRQ_RUN(c##_irq); }				\
static void c(void) { INIT_##col(c##_A); INIT_##col(c##_B); ORDER_##order(c) }

ORDERS_3(spin) ORDERS_3(wlock) ORDERS_3(rlock) ORDERS_3(mutex)

SELFTEST_IRQ_MAIN(NAMES_3(spin), NAMES_3(wlock), NAMES_3(rlock), NAMES_3(mutex))
