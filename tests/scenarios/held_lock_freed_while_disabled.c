/*
 * Correct while unchecked: a held mutex destroyed and its memory freed while checking
 * is switched off (liblockdep_disable()), then checking switched on again. Nothing
 * done while off is reported, neither then nor later; an inversion after
 * liblockdep_enable() still is.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: lock_a lock_b
 */
#include "scenario.h"

struct session {
	long id;
	pthread_mutex_t lock;
};

static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	struct session *s = calloc(1, sizeof(*s));

	if (!s)
		return 2;
	EXPECT_RET(pthread_mutex_init(&s->lock, NULL), 0);
	EXPECT_RET(pthread_mutex_lock(&s->lock), 0);
	liblockdep_disable();
	pthread_mutex_destroy(&s->lock);	/* EBUSY: it is held */
	free(s);
	liblockdep_enable();
	nest(&lock_a, &lock_b);
	nest(&lock_b, &lock_a);
	return 0;
}
