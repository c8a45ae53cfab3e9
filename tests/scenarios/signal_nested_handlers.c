/*
 * Nested handlers. SIGUSR1's handler lets SIGUSR2 in and raises it; SIGUSR2's handler
 * takes table_lock (interrupts are off there: both signals are blocked). Back in
 * SIGUSR1's handler, with SIGUSR2 blocked again, it takes cache_lock. Then the
 * program takes both locks with the signals blocked: all of that is fine. Last it
 * takes table_lock with the signals deliverable, which is reported: proof that
 * lockdep is back in task context with interrupts on after the nested handlers.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: table_lock
 */
#include "scenario.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t inner_ran;

static void on_usr2(int sig)
{
	(void)sig;
	pthread_mutex_lock(&table_lock);
	inner_ran++;
	pthread_mutex_unlock(&table_lock);
}

static void on_usr1(int sig)
{
	sigset_t usr2;

	(void)sig;
	raise(SIGUSR2);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &usr2, NULL);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_unlock(&cache_lock);
	pthread_sigmask(SIG_UNBLOCK, &usr2, NULL);
}

int main(void)
{
	sigset_t both, old;

	install_handler(SIGUSR1, on_usr1, 0);
	install_handler(SIGUSR2, on_usr2, 0);
	raise(SIGUSR1);

	sigemptyset(&both);
	sigaddset(&both, SIGUSR1);
	sigaddset(&both, SIGUSR2);
	EXPECT_RET(pthread_sigmask(SIG_BLOCK, &both, &old), 0);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_lock(&table_lock);
	pthread_mutex_unlock(&table_lock);
	pthread_mutex_unlock(&cache_lock);
	EXPECT_RET(pthread_sigmask(SIG_SETMASK, &old, NULL), 0);

	pthread_mutex_lock(&table_lock);
	pthread_mutex_unlock(&table_lock);
	return inner_ran == 1 ? 0 : 1;
}
