/*
 * The kernel's locking selftest "irq read-recursion" (irq_read_recursion_hard), in
 * all six orders and its two columns (tests/scenarios/selftest_irq.h): A an rwlock,
 * B a spin lock; the column is how the interrupt takes A.
 *   E1: irqs off, A write-locked and let go, irqs on
 *   E2: A read-locked with irqs on
 *   E3: in the hard irq, A taken (rlock: read, wlock: write), B inside it
 * An interrupt that reads A where the program reads it with irqs on only adds a
 * reader, which may recurse; one that writes A waits for the reader it interrupted.
 * The kernel's verdict: SUCCESS for rlock, FAILURE for wlock.
 * (selftest_irq_read_recursion.c is the same shape as a program would write it.)
 *
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Expect: WARNING: inconsistent lock state
 * Names: wlock_123_A wlock_132_A wlock_213_A wlock_231_A wlock_312_A wlock_321_A
 */
#include "selftest_irq.h"

#define CASE_(col, c, order)						\
pthread_rwlock_t c##_A;							\
pthread_spinlock_t c##_B;						\
static void c##_E1(void)						\
{									\
	IRQ_DISABLE(); L_wlock(c##_A); U_wlock(c##_A); IRQ_ENABLE();	\
}									\
static void c##_E2(void) { L_rlock(c##_A); U_rlock(c##_A); }		\
static void c##_irq(void)						\
{									\
	L_##col(c##_A); L_spin(c##_B); U_spin(c##_B); U_##col(c##_A);	\
}									\
static void c##_E3(void) { IRQ_RUN(c##_irq); }				\
static void c(void) { INIT_wlock(c##_A); INIT_spin(c##_B); ORDER_##order(c) }

ORDERS_3(rlock) ORDERS_3(wlock)

SELFTEST_IRQ_MAIN(NAMES_3(rlock), NAMES_3(wlock))
