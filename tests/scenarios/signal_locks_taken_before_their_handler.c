/*
 * PowerDNS Authoritative with libcrypto: at start-up, with only a lock-free SIGABRT
 * crash handler installed, two threads take libcrypto's rwlocks (read and write).
 * Later a SIGALRM handler is installed that takes them too, and runs. No take of
 * the locks happened while that handler could arrive: it did not exist yet, and the
 * crash handler, which could, never locks. No deadlock. Silent. (The other side,
 * a take after the handler is installed, is signal_lock_taken_after_its_handler.c.)
 *
 * Expect: silent
 */
#include "scenario.h"

static pthread_rwlock_t rand_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t engine_lock = PTHREAD_RWLOCK_INITIALIZER;
static volatile sig_atomic_t crashed;
static long draws;

static void on_abort(int sig)
{
	(void)sig;
	crashed = 1;
}

static void draw_random(void)
{
	pthread_rwlock_rdlock(&engine_lock);
	pthread_rwlock_wrlock(&rand_lock);
	draws++;
	pthread_rwlock_unlock(&rand_lock);
	pthread_rwlock_unlock(&engine_lock);
}

/* Exit handlers run in the SIGALRM handler: libcrypto's clean-up takes its locks. */
static void on_alarm(int sig)
{
	(void)sig;
	pthread_rwlock_wrlock(&engine_lock);
	pthread_rwlock_rdlock(&rand_lock);
	draws++;
	pthread_rwlock_unlock(&rand_lock);
	pthread_rwlock_unlock(&engine_lock);
}

static void *start_up(void *arg)
{
	(void)arg;
	draw_random();
	return NULL;
}

int main(void)
{
	install_handler(SIGABRT, on_abort, 0);
	draw_random();
	run_in_thread(start_up, NULL);
	install_handler(SIGALRM, on_alarm, 0);
	raise(SIGALRM);
	return draws == 3 && !crashed ? 0 : 1;
}
