/*
 * A spin lock the program builds on C11 atomics, described to lockdep by a map of its
 * own: acquired before spinning, released after letting go. Two such locks taken in
 * both orders (by two threads one after the other, so it never hangs) are an AB-BA
 * inversion; a third, always taken inside the first, stays silent.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: spin_a spin_b
 */
#include "scenario.h"
#include <stdatomic.h>

struct spin {
	atomic_flag flag;
	struct liblockdep_map map;
};

static struct spin spin_a = { ATOMIC_FLAG_INIT, LIBLOCKDEP_MAP_INIT("spin_a") };
static struct spin spin_b = { ATOMIC_FLAG_INIT, LIBLOCKDEP_MAP_INIT("spin_b") };
static struct spin spin_inner = { ATOMIC_FLAG_INIT, LIBLOCKDEP_MAP_INIT("spin_inner") };

static void spin_lock(struct spin *s)
{
	liblockdep_map_acquire(&s->map);
	while (atomic_flag_test_and_set_explicit(&s->flag, memory_order_acquire))
		;
}

static void spin_unlock(struct spin *s)
{
	atomic_flag_clear_explicit(&s->flag, memory_order_release);
	liblockdep_map_release(&s->map);
}

static void spin_nest(struct spin *outer, struct spin *inner)
{
	spin_lock(outer);
	spin_lock(inner);
	spin_unlock(inner);
	spin_unlock(outer);
}

static void *forward(void *arg)
{
	spin_nest(&spin_a, &spin_inner);
	spin_nest(&spin_a, &spin_b);
	return arg;
}

static void *backward(void *arg)
{
	spin_nest(&spin_a, &spin_inner);
	spin_nest(&spin_b, &spin_a);
	return arg;
}

int main(void)
{
	run_in_thread(forward, NULL);
	run_in_thread(backward, NULL);
	return 0;
}
