/* A session's and a record's mutex, made by two callers of lock_maker.h's wrapper:
 * sibling classes (src/lock_makers.c). Shared by the maker_sibling_*.c scenarios. */
#ifndef MAKER_SESSION_RECORD_H
#define MAKER_SESSION_RECORD_H
#include "lock_maker.h"

static __attribute__((noinline)) pthread_mutex_t *session_new(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m)
		exit(2);
	app_mutex_init(m);
	return m;
}

static __attribute__((noinline)) pthread_mutex_t *record_new(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	if (!m)
		exit(2);
	app_mutex_init(m);
	return m;
}
#endif
