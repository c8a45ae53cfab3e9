/*
 * Once-inits that cannot deadlock: an init routine that takes a lock, called with
 * nothing held; a once called under a lock its routine never takes; a routine that
 * calls another once; a once already done, called under the lock its routine took;
 * C11's call_once the same way; a routine that a cancellation interrupts, run
 * again by a later call. Silent.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <threads.h>
#include <unistd.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t table_once = PTHREAD_ONCE_INIT;
static pthread_once_t codec_once = PTHREAD_ONCE_INIT;
static pthread_once_t slow_once = PTHREAD_ONCE_INIT;
static once_flag c11_once = ONCE_FLAG_INIT;
static int slow_runs;

static void load_codecs(void)
{
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_unlock(&registry_lock);
}

static void build_table(void)
{
	pthread_once(&codec_once, load_codecs);
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_unlock(&registry_lock);
}

static void slow_init(void)
{
	if (slow_runs++ == 0)
		for (;;)
			pause();	/* cancelled here the first time */
}

static void *run_slow_init(void *arg)
{
	pthread_once(&slow_once, slow_init);
	return arg;
}

int main(void)
{
	pthread_t t;

	pthread_mutex_lock(&stats_lock);
	pthread_once(&table_once, build_table);
	pthread_mutex_unlock(&stats_lock);
	pthread_mutex_lock(&registry_lock);
	pthread_once(&table_once, build_table);
	pthread_mutex_unlock(&registry_lock);
	call_once(&c11_once, load_codecs);
	pthread_mutex_lock(&registry_lock);
	call_once(&c11_once, load_codecs);
	pthread_mutex_unlock(&registry_lock);

	if (pthread_create(&t, NULL, run_slow_init, NULL))
		return 2;
	usleep(20000);
	pthread_cancel(t);
	pthread_join(t, NULL);
	pthread_once(&slow_once, slow_init);
	pthread_mutex_lock(&registry_lock);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}
