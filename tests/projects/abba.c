/*
 * A small project's deadlock: transfer() takes the accounts lock and then the
 * journal lock, audit() the journal lock and then the accounts lock, in two threads
 * one after the other (the run never hangs). Built -DFIXED, audit() takes them in
 * transfer()'s order and lockdep has nothing to say.
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal = PTHREAD_MUTEX_INITIALIZER;
static int balance;

static void *transfer(void *arg)
{
	pthread_mutex_lock(&accounts);
	pthread_mutex_lock(&journal);
	balance++;
	pthread_mutex_unlock(&journal);
	pthread_mutex_unlock(&accounts);
	return arg;
}

static void *audit(void *arg)
{
#ifdef FIXED
	pthread_mutex_lock(&accounts);
	pthread_mutex_lock(&journal);
#else
	pthread_mutex_lock(&journal);
	pthread_mutex_lock(&accounts); /* the inversion */
#endif
	balance--;
	pthread_mutex_unlock(&accounts);
	pthread_mutex_unlock(&journal);
	return arg;
}

static void run(void *(*fn)(void *))
{
	pthread_t thread;

	pthread_create(&thread, NULL, fn, NULL);
	pthread_join(thread, NULL);
}

int main(void)
{
	run(transfer);
	run(audit);
	printf("balance %d\n", balance);
	return 0;
}
