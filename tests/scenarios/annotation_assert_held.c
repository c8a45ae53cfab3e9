/*
 * liblockdep_assert_held() and _assert_not_held(): silent when true; when false,
 * one report per call site however often it fails.
 *
 * Expect: WARNING: lock not held where asserted held!
 * Expect: WARNING: lock held where asserted not held!
 * Names: config_lock
 */
#include "scenario.h"

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

static void update_config(void)
{
	liblockdep_assert_held(&config_lock);
}

static void reload_config(void)
{
	liblockdep_assert_not_held(&config_lock);
}

int main(void)
{
	pthread_mutex_lock(&config_lock);
	update_config();
	pthread_mutex_unlock(&config_lock);
	reload_config();

	for (int i = 0; i < 3; i++)
		update_config();
	pthread_mutex_lock(&config_lock);
	for (int i = 0; i < 3; i++)
		reload_config();
	pthread_mutex_unlock(&config_lock);
	return 0;
}
