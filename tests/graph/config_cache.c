/* Shared by graph_test_a and graph_test_b (tests/checks/graph_across_processes.sh): one
 * object file, two lock orders, linked into two programs in different ways. */
#include <pthread.h>

static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

void reload_config(void)
{
	pthread_mutex_lock(&config_lock);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_unlock(&cache_lock);
	pthread_mutex_unlock(&config_lock);
}

void flush_cache(void)
{
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_unlock(&cache_lock);
}
