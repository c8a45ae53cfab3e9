/*
 * A shared library with a deadlock, and a program (main.c) that makes no lock call of
 * its own: ledger_post() takes the accounts lock and then the journal lock,
 * ledger_audit() the journal lock and then the accounts lock, one after the other
 * (the run never hangs). Built -DFIXED, ledger_audit() takes them in ledger_post()'s
 * order and lockdep has nothing to say.
 */
#include <pthread.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal = PTHREAD_MUTEX_INITIALIZER;
static int balance;

void ledger_post(void)
{
	pthread_mutex_lock(&accounts);
	pthread_mutex_lock(&journal);
	balance++;
	pthread_mutex_unlock(&journal);
	pthread_mutex_unlock(&accounts);
}

int ledger_audit(void)
{
	int seen;

#ifdef FIXED
	pthread_mutex_lock(&accounts);
	pthread_mutex_lock(&journal);
#else
	pthread_mutex_lock(&journal);
	pthread_mutex_lock(&accounts); /* the inversion */
#endif
	seen = balance;
	pthread_mutex_unlock(&accounts);
	pthread_mutex_unlock(&journal);
	return seen;
}
