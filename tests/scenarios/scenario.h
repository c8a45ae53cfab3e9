/* Helpers shared by the scenarios (C and C++): run a function in a thread and wait for
 * it, install a signal handler, wait for a lock that never comes. */
#ifndef SCENARIO_H
#define SCENARIO_H
#ifndef _GNU_SOURCE		/* g++ defines it */
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* A time ms milliseconds from now, for the timed waits. */
static inline struct timespec after_ms(long ms)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_sec += ms / 1000;
	t.tv_nsec += ms % 1000 * 1000000L;
	if (t.tv_nsec >= 1000000000L) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000L;
	}
	return t;
}

/* Waits 10 ms for a lock that a thread which ended left held: in vain, as a plain
 * pthread_mutex_lock() would wait for ever. */
static inline void wait_in_vain(pthread_mutex_t *m)
{
	struct timespec until = after_ms(10);
	int ret = pthread_mutex_timedlock(m, &until);

	if (ret != ETIMEDOUT) {
		fprintf(stderr, "scenario: a timed lock returned %d, expected ETIMEDOUT\n", ret);
		exit(3);
	}
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
