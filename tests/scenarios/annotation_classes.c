/*
 * Classes given by annotation. Two locks from one init site, given different static
 * classes (named "parent" and "child"), nest silently; a lock marked novalidate is
 * never ordered; a heap key registered at run time works like a static one. Then
 * the two named classes are inverted: reported with the given names.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: parent child
 */
#include "scenario.h"

static struct liblockdep_key parent_key, child_key;

static __attribute__((noinline)) void make_locks(pthread_mutex_t *locks, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
}

int main(int argc, char **argv)
{
	pthread_mutex_t locks[4];
	struct liblockdep_key *dynamic_key = calloc(1, sizeof(*dynamic_key));

	(void)argv;
	make_locks(locks, argc + 3);
	liblockdep_set_class(&locks[0], &parent_key, "parent");
	liblockdep_set_class(&locks[1], &child_key, "child");
	liblockdep_set_novalidate_class(&locks[2]);
	liblockdep_register_key(dynamic_key);
	liblockdep_set_class(&locks[3], dynamic_key, "dynamic");

	pthread_mutex_lock(&locks[0]);
	pthread_mutex_lock(&locks[1]);
	pthread_mutex_lock(&locks[3]);
	pthread_mutex_lock(&locks[2]);
	pthread_mutex_unlock(&locks[2]);
	pthread_mutex_unlock(&locks[3]);
	pthread_mutex_unlock(&locks[1]);
	pthread_mutex_unlock(&locks[0]);

	pthread_mutex_lock(&locks[2]);	/* novalidate: no order against anything */
	pthread_mutex_lock(&locks[0]);
	pthread_mutex_unlock(&locks[0]);
	pthread_mutex_unlock(&locks[2]);

	pthread_mutex_destroy(&locks[3]);
	liblockdep_unregister_key(dynamic_key);
	free(dynamic_key);

	pthread_mutex_lock(&locks[1]);
	pthread_mutex_lock(&locks[0]);
	pthread_mutex_unlock(&locks[0]);
	pthread_mutex_unlock(&locks[1]);
	return 0;
}
