/*
 * free() of memory holding a lock this thread still holds: the kernel's report for
 * memory freed with a held lock in it, made by free() itself (no annotation).
 *
 * Expect: WARNING: held lock freed!
 * Names: mutex@main
 */
#include "scenario.h"

struct session {
	long id;
	pthread_mutex_t lock;
};

int main(void)
{
	struct session *s = calloc(1, sizeof(*s));

	if (!s)
		return 2;
	pthread_mutex_init(&s->lock, NULL);
	pthread_mutex_lock(&s->lock);
	free(s);
	return 0;
}
