/* Shim: RCU as lockdep uses it. Readers are lockdep's own "irqs off" sections (see
 * linux/irqflags.h) plus explicit rcu_read_lock(); src/rcu.c makes synchronize_rcu()
 * really wait for every such reader in every thread, and runs call_rcu() callbacks
 * only after a grace period, because lockdep frees classes through them. */
#ifndef LIBLOCKDEP_SHIM_RCUPDATE_H
#define LIBLOCKDEP_SHIM_RCUPDATE_H
#include <linux/types.h>
#include <asm/barrier.h>
#include <linux/irqflags.h>

static void synchronize_rcu(void);
static void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));

#define rcu_read_lock()			liblockdep_rcu_read_lock()
#define rcu_read_unlock()		liblockdep_rcu_read_unlock()
#define init_rcu_head(head)		do { } while (0)
#define rcu_dereference(p)		__atomic_load_n(&(p), __ATOMIC_CONSUME)
/* The lock_stat view reads class names as a sched-RCU reader: an RCU reader here. */
#define rcu_read_lock_sched()		liblockdep_rcu_read_lock()
#define rcu_read_unlock_sched()		liblockdep_rcu_read_unlock()
#define rcu_dereference_sched(p)	rcu_dereference(p)
#define rcu_dereference_raw(p)		rcu_dereference(p)
#define rcu_dereference_check(p, c)	rcu_dereference(p)
#define rcu_dereference_raw_check(p)	rcu_dereference(p)
#define rcu_assign_pointer(p, v)	__atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)
#define rcu_read_lock_any_held()	1
#define rcu_read_lock_held()		1
#define rcu_is_watching()		true
#define debug_lockdep_rcu_enabled()	0
/* For lockdep's "suspicious RCU usage" report, which liblockdep never triggers: there
 * are no offline CPUs and the scheduler is always up. */
#define warn_rcu_enter()		false
#define warn_rcu_exit(rcu)		((void)(rcu))
#define rcu_lockdep_current_cpu_online() 1
#define rcu_scheduler_active		2

#include <linux/rculist.h>
#endif
