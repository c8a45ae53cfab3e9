/* Shim: lockdep's only arch_spinlock_t is its graph lock. All of them map to one real
 * pthread mutex of ours (src/graph_lock.c), taken only on lockdep's slow path (a new
 * class, dependency, chain or usage bit), where sleeping under contention beats
 * spinning. It nests per thread, so that a report can keep the graph still while it
 * prints even though lockdep drops the lock before printing. */
#ifndef LIBLOCKDEP_SHIM_SPINLOCK_H
#define LIBLOCKDEP_SHIM_SPINLOCK_H
#include <linux/irqflags.h>

typedef struct { int unused; } arch_spinlock_t;
#define __ARCH_SPIN_LOCK_UNLOCKED	{ 0 }

static void liblockdep_graph_lock(void);
static void liblockdep_graph_unlock(void);
#define arch_spin_lock(l)		((void)(l), liblockdep_graph_lock())
#define arch_spin_unlock(l)		((void)(l), liblockdep_graph_unlock())

/* raw_spinlock_t appears only in a BUILD_BUG_ON size check under __KERNEL__. */
typedef arch_spinlock_t raw_spinlock_t;
#endif
