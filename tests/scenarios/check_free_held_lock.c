/*
 * Freeing memory that holds a lock this thread still holds, announced with
 * liblockdep_check_free(): lockdep's "held lock freed".
 *
 * Expect: WARNING: held lock freed!
 * Names: mutex@main
 */
#include "scenario.h"

struct session {
	int id;
	pthread_mutex_t lock;
};

int main(void)
{
	struct session *s = calloc(1, sizeof(*s));

	pthread_mutex_init(&s->lock, NULL);
	pthread_mutex_lock(&s->lock);
	liblockdep_check_free(s, sizeof(*s));
	pthread_mutex_unlock(&s->lock);
	free(s);
	return 0;
}
