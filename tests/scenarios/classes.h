/*
 * What the LIBLOCKDEP_CLASSES scenarios share: a generic lock allocator, as in a
 * database library (every mutex comes from one pthread_mutex_init call), used by two
 * subsystems; the scenarios nest and order them and expect different reports under
 * each setting.
 */
#include "scenario.h"

static __attribute__((noinline)) pthread_mutex_t *new_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	EXPECT_RET(pthread_mutex_init(m, NULL), 0);
	return m;
}

static __attribute__((noinline)) pthread_mutex_t *new_btree_lock(void)
{
	pthread_mutex_t *m = new_lock();

	__asm__ volatile("" ::: "memory");	/* not a tail call: keep this frame */
	return m;
}

static int pager_locks;

static __attribute__((noinline)) pthread_mutex_t *new_pager_lock(void)
{
	pthread_mutex_t *m = new_lock();

	pager_locks++;	/* unlike new_btree_lock: the compiler must not fold the two */
	return m;
}

/* The one place that asks for either kind, so that the call stacks of all btree
 * locks are alike three frames deep (LIBLOCKDEP_CLASSES=stack looks that far). */
static __attribute__((noinline)) pthread_mutex_t *make(int pager)
{
	pthread_mutex_t *m = pager ? new_pager_lock() : new_btree_lock();

	__asm__ volatile("" ::: "memory");
	return m;
}

/* Two btree locks nested in address order (correct, as SQLite does), and a btree
 * lock then a pager lock, in one order only (correct). */
static void use_locks_correctly(void)
{
	pthread_mutex_t *b1 = make(0), *b2 = make(0), *p = make(1);

	nest(b1 < b2 ? b1 : b2, b1 < b2 ? b2 : b1);
	nest(b1, p);
}

/* Two btree locks nested one way, then the other: one class's recursive locking
 * wherever btree locks are one class. */
static inline void nest_btree_locks_both_ways(void)
{
	pthread_mutex_t *b1 = make(0), *b2 = make(0);

	nest(b1, b2);
	nest(b2, b1);
}

/* Locks of two objects, in opposite orders: object 1 btree -> pager, object 2
 * pager -> btree. A deadlock between the two classes of locks, which only a per-class
 * view can see before two threads meet on the same objects. */
static void invert_across_objects(void)
{
	pthread_mutex_t *b1 = make(0), *p1 = make(1);
	pthread_mutex_t *b2 = make(0), *p2 = make(1);

	nest(b1, p1);
	nest(p2, b2);
}
