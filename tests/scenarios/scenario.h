/* Helpers shared by the scenarios (C and C++): run a function in a thread and wait for
 * it, install a signal handler. */
#ifndef SCENARIO_H
#define SCENARIO_H
#ifndef _GNU_SOURCE		/* g++ defines it */
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void run_in_thread(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	if (pthread_create(&t, NULL, fn, arg) || pthread_join(t, NULL)) {
		fprintf(stderr, "scenario: cannot run a thread\n");
		exit(2);
	}
}

/* Locks outer, then inner, and lets both go. */
static inline void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

/* nest() as a thread's body: pair points at { outer, inner }. */
static inline void *nest_pair(void *pair)
{
	pthread_mutex_t **locks = (pthread_mutex_t **)pair;

	nest(locks[0], locks[1]);
	return NULL;
}

/* sigaction() with these flags and nothing blocked but what the kernel blocks. */
static inline void install_handler(int sig, void (*handler)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));	/* no designated initialisers in C++ */
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL)) {
		fprintf(stderr, "scenario: cannot install a handler\n");
		exit(2);
	}
}

/* Fails the scenario with a message when a pthread call returns something else. */
#define EXPECT_RET(call, want) do {					\
	int __got = (call);						\
	if (__got != (want)) {						\
		fprintf(stderr, "scenario: %s returned %d, expected %d\n", #call, __got, (want)); \
		exit(3);						\
	}								\
} while (0)
#endif
