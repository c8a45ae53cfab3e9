/*
 * deep_distinct_classes_trylocks_between.c with interrupts: under_tries is taken in
 * a signal handler (hard-irq safe), after_tries with the signal deliverable (hard-irq
 * unsafe); then, the signal blocked, chain[0] to chain[29], under_tries, 40 mutexes
 * taken by trylock and after_tries. under_tries is set aside past lockdep's records
 * (src/merged_locks.c), yet after_tries depends on it, as lockdep has it: a
 * hard-irq-safe lock ordered before an unsafe one, lockdep's irq-usage report.
 *
 * Expect: WARNING: HARDIRQ-safe -> HARDIRQ-unsafe lock order detected
 * Names: under_tries after_tries
 */
#define TRIES 40
#include "trylocks_between.h"

static void hard_irq(int sig)
{
	(void)sig;
	EXPECT_RET(pthread_mutex_lock(&under_tries), 0);
	EXPECT_RET(pthread_mutex_unlock(&under_tries), 0);
}

static void signal_mask(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	EXPECT_RET(pthread_sigmask(how, &set, NULL), 0);
}

int main(void)
{
	install_handler(SIGUSR1, hard_irq, 0);
	EXPECT_RET(raise(SIGUSR1), 0);
	EXPECT_RET(pthread_mutex_lock(&after_tries), 0);
	EXPECT_RET(pthread_mutex_unlock(&after_tries), 0);
	signal_mask(SIG_BLOCK);
	nest_after_tries();
	signal_mask(SIG_UNBLOCK);
	return 0;
}
