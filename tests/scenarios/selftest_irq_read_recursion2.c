/*
 * The kernel's locking selftest "irq read-recursion #2" (irq_read_recursion2_hard),
 * in all six orders and its two columns (tests/scenarios/selftest_irq.h): A an
 * rwlock, B a mutex (the kernel's is a spin lock, as its rwlock spins: a pthread
 * rwlock sleeps, and is no lock to take under a spin lock, an invalid wait context
 * of its own); the column is how the program takes A inside B.
 *   E1: irqs off, B, then A inside it (rlock: read, wlock: write), irqs on
 *   E2: A read-locked with irqs on
 *   E3: in the hard irq, B taken and let go
 * The interrupt comes while the program reads A, and waits for B, whose holder
 * waits to write A: a deadlock; to read A it would not wait. The kernel's verdict:
 * SUCCESS for rlock, FAILURE for wlock.
 *
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Expect: WARNING: possible irq lock inversion dependency detected
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: wlock_123_A wlock_123_B wlock_132_A wlock_132_B wlock_213_A wlock_213_B
 * Names: wlock_231_A wlock_231_B wlock_312_A wlock_312_B wlock_321_A wlock_321_B
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
pthread_rwlock_t c##_A;							\
pthread_mutex_t c##_B;						\
static void c##_E1(void)						\
{									\
	IRQ_DISABLE();							\
	L_mutex(c##_B); L_##col(c##_A); U_##col(c##_A); U_mutex(c##_B);	\
	IRQ_ENABLE();							\
}									\
static void c##_E2(void) { L_rlock(c##_A); U_rlock(c##_A); }		\
static void c##_irq(void) { L_mutex(c##_B); U_mutex(c##_B); }		\
static void c##_E3(void) { IRQ_RUN(c##_irq); }				\
static void c(void) { INIT_wlock(c##_A); INIT_mutex(c##_B); ORDER_##order(c) }

ORDERS_3(rlock) ORDERS_3(wlock)

SELFTEST_IRQ_MAIN(NAMES_3(rlock), NAMES_3(wlock))
