/*
 * The kernel's locking selftest "irq read-recursion" (lib/locking-selftest.c), with
 * a signal handler as the interrupt, in its safe form: the program write-locks an
 * rwlock only with the signal blocked, read-locks it with the signal deliverable,
 * and the handler read-locks it and takes a mutex inside. A signal that interrupts
 * the reader only adds a reader, which glibc's default rwlock lets in as the kernel's
 * rwlock_t does: no deadlock. The kernel's verdict, which is ours: silent. (The
 * handler *writing* it would be inconsistent lock state:
 * signal_lock_in_handler_and_unblocked.c.)
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_rwlock_t table = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t stats = PTHREAD_MUTEX_INITIALIZER;

static void read_table(int sig)
{
	(void)sig;
	pthread_rwlock_rdlock(&table);
	pthread_mutex_lock(&stats);
	pthread_mutex_unlock(&stats);
	pthread_rwlock_unlock(&table);
}

int main(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	install_handler(SIGUSR1, read_table, 0);

	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	pthread_rwlock_wrlock(&table);
	pthread_rwlock_unlock(&table);
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);

	pthread_rwlock_rdlock(&table);
	raise(SIGUSR1);
	pthread_rwlock_unlock(&table);
	return 0;
}
