/*
 * The hard-irq cases of the kernel's lib/locking-selftest.c in user space, each in
 * every order of its steps, as the kernel generates them
 * (GENERATE_PERMUTATIONS_2_EVENTS / _3_EVENTS), in the lock kinds of its columns:
 *   spin  pthread_spinlock_t                 (spinlock_t)
 *   wlock default rwlock, write-locked       (rwlock_t, write_lock)
 *   rlock default rwlock, read-locked        (rwlock_t, read_lock: recursive read)
 *   mutex pthread_mutex_t                    (the kernel has no mutex in a hard irq,
 *         a mutex sleeps; lockdep's irq rules treat it as any exclusive lock, so its
 *         verdict is the spin column's)
 * The hard irq is ONE signal handler, hard_irq(), that runs the case's interrupt
 * step (HARDIRQ_ENTER ... HARDIRQ_EXIT: raise() with the handler's body set);
 * local_irq_disable()/enable() block and unblock its signal. Every lock is a global
 * initialised by a call at the case's start (SI(), RWI(), MI()), a class of its
 * own named after its variable: <column>_<order>_<letter>.
 *
 * Each case runs in a child process of its own, so that lockdep starts afresh, as
 * the kernel's reset_locks() between its cases; one after the other, so reports come
 * in the cases' order. The program exits with the first child's status that is not
 * 0 (liblockdep's 66 after a report), 0 when there is none.
 */
#ifndef SELFTEST_IRQ_H
#define SELFTEST_IRQ_H
#include "scenario.h"
#include <sys/wait.h>
#include <unistd.h>

#define TYPE_spin	pthread_spinlock_t
#define TYPE_wlock	pthread_rwlock_t
#define TYPE_rlock	pthread_rwlock_t
#define TYPE_mutex	pthread_mutex_t

#define INIT_spin(l)	EXPECT_RET(pthread_spin_init(&(l), PTHREAD_PROCESS_PRIVATE), 0)
#define INIT_wlock(l)	EXPECT_RET(pthread_rwlock_init(&(l), NULL), 0)
#define INIT_rlock(l)	INIT_wlock(l)
#define INIT_mutex(l)	EXPECT_RET(pthread_mutex_init(&(l), NULL), 0)

#define L_spin(l)	EXPECT_RET(pthread_spin_lock(&(l)), 0)
#define U_spin(l)	EXPECT_RET(pthread_spin_unlock(&(l)), 0)
#define L_wlock(l)	EXPECT_RET(pthread_rwlock_wrlock(&(l)), 0)
#define U_wlock(l)	EXPECT_RET(pthread_rwlock_unlock(&(l)), 0)
#define L_rlock(l)	EXPECT_RET(pthread_rwlock_rdlock(&(l)), 0)
#define U_rlock(l)	U_wlock(l)
#define L_mutex(l)	EXPECT_RET(pthread_mutex_lock(&(l)), 0)
#define U_mutex(l)	EXPECT_RET(pthread_mutex_unlock(&(l)), 0)

/* The kernel's step orders: E1 E2 for 12, E2 E1 for 21, and so on. */
#define ORDER_12(c)	c##_E1(); c##_E2();
#define ORDER_21(c)	c##_E2(); c##_E1();
#define ORDER_123(c)	c##_E1(); c##_E2(); c##_E3();
#define ORDER_132(c)	c##_E1(); c##_E3(); c##_E2();
#define ORDER_213(c)	c##_E2(); c##_E1(); c##_E3();
#define ORDER_231(c)	c##_E2(); c##_E3(); c##_E1();
#define ORDER_312(c)	c##_E3(); c##_E1(); c##_E2();
#define ORDER_321(c)	c##_E3(); c##_E2(); c##_E1();

/* A family's CASE_(col, name, order) for one column in each order, and the names of
 * those cases, in that order. */
#define CASE(col, order)	CASE_(col, col##_##order, order)
#define ORDERS_2(col)		CASE(col, 12) CASE(col, 21)
#define NAMES_2(col)		col##_12, col##_21
#define ORDERS_3(col)							\
	CASE(col, 123) CASE(col, 132) CASE(col, 213)			\
	CASE(col, 231) CASE(col, 312) CASE(col, 321)
#define NAMES_3(col)							\
	col##_123, col##_132, col##_213, col##_231, col##_312, col##_321

static void (*hard_irq_body)(void);

static void hard_irq(int sig)
{
	(void)sig;
	hard_irq_body();
}

/* HARDIRQ_ENTER(); body; HARDIRQ_EXIT(); */
static inline void IRQ_RUN(void (*body)(void))
{
	hard_irq_body = body;
	EXPECT_RET(raise(SIGUSR1), 0);
}

static inline void irq_mask(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	EXPECT_RET(pthread_sigmask(how, &set, NULL), 0);
}

#define IRQ_DISABLE()	irq_mask(SIG_BLOCK)
#define IRQ_ENABLE()	irq_mask(SIG_UNBLOCK)

static inline int selftest_irq_cases(void (*const cases[])(void), size_t n)
{
	int first = 0;

	for (size_t i = 0; i < n; i++) {
		pid_t pid = fork();
		int status;

		if (pid < 0)
			return 2;
		if (!pid) {
			install_handler(SIGUSR1, hard_irq, 0);
			cases[i]();
			exit(0);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			return 2;
		if (WEXITSTATUS(status) && !first)
			first = WEXITSTATUS(status);
	}
	return first;
}

#define SELFTEST_IRQ_MAIN(...)						\
int main(void)								\
{									\
	static void (*const cases[])(void) = { __VA_ARGS__ };		\
									\
	return selftest_irq_cases(cases, sizeof(cases) / sizeof(cases[0])); \
}
#endif
