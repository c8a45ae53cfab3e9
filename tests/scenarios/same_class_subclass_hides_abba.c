/*
 * P and A made by one init call (class C), X a static lock. Thread 1 takes A, then X;
 * thread 2 takes P, X, then A. A and X are taken in both orders: a deadlock when
 * they run together. A lock nested inside another of its class stays in its class
 * (src/instance_nesting.c): C -> X and X -> C, lockdep's circular dependency. (When
 * the nested A was given subclass C/1, its dependency X -> C/1 met no C/1 -> X.)
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@make_locks* x_lock
 */
#include "scenario.h"

static pthread_mutex_t x_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t *p_lock, *a_lock;

static __attribute__((noinline)) void make_locks(pthread_mutex_t *locks, int count)
{
	for (int i = 0; i < count; i++)
		EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
}

static void *thread_1(void *arg)
{
	(void)arg;
	pthread_mutex_lock(a_lock);
	pthread_mutex_lock(&x_lock);
	pthread_mutex_unlock(&x_lock);
	pthread_mutex_unlock(a_lock);
	return NULL;
}

static void *thread_2(void *arg)
{
	(void)arg;
	pthread_mutex_lock(p_lock);
	pthread_mutex_lock(&x_lock);
	pthread_mutex_lock(a_lock);
	pthread_mutex_unlock(a_lock);
	pthread_mutex_unlock(&x_lock);
	pthread_mutex_unlock(p_lock);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_mutex_t *locks = malloc(2 * sizeof(*locks));

	(void)argv;
	make_locks(locks, argc + 1);
	p_lock = &locks[0];
	a_lock = &locks[1];
	run_in_thread(thread_1, NULL);
	run_in_thread(thread_2, NULL);
	return 0;
}
