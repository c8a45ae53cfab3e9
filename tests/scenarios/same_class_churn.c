/*
 * Objects made, nested and freed for ever, as a server makes a connection's lock and
 * its session's lock at one init call: 40,000 pairs of one class's locks nested,
 * more than the 16,384 liblockdep's table would hold; each pair goes with its locks
 * (destroyed, or freed without a destroy). Correct: silent.
 *
 * Expect: silent
 */
#include "scenario.h"

struct connection {
	pthread_mutex_t lock, session_lock;
};

static __attribute__((noinline)) void make_locks(pthread_mutex_t *l)
{
	EXPECT_RET(pthread_mutex_init(l, NULL), 0);
}

int main(void)
{
	for (int i = 0; i < 40000; i++) {
		struct connection *c = malloc(sizeof(*c));

		if (!c)
			return 2;
		make_locks(&c->lock);
		make_locks(&c->session_lock);
		nest(&c->lock, &c->session_lock);
		if (i % 2) {
			EXPECT_RET(pthread_mutex_destroy(&c->session_lock), 0);
			EXPECT_RET(pthread_mutex_destroy(&c->lock), 0);
		}
		free(c);
	}
	return 0;
}
