/* Shim: a task is a thread. Each thread has its own task_struct in thread-local
 * storage with only the fields lockdep reads; src/task.c fills in the thread's id and
 * name the first time the thread enters liblockdep and checks its held locks when it
 * exits. */
#ifndef LIBLOCKDEP_SHIM_SCHED_H
#define LIBLOCKDEP_SHIM_SCHED_H
#include <linux/kernel.h>
#include <linux/irqflags.h>
/* struct held_lock: in lockdep_types.h since 6.4, in lockdep.h before. */
#include <linux/lockdep.h>

#ifndef LIBLOCKDEP_MAX_LOCK_DEPTH
#define LIBLOCKDEP_MAX_LOCK_DEPTH 63
#endif
/* Lockdep stores a chain's depth in 6 bits, so 63 is its ceiling. */
#define MAX_LOCK_DEPTH	((unsigned long)LIBLOCKDEP_MAX_LOCK_DEPTH)
#define TASK_COMM_LEN	16
/* The thread's cache of lock table entries: 64 slots (src/lock_table.c). */
#define LOCK_CACHE_BITS	6

/* What a thread waits in, by its own word, and what the watchdog last saw of it
 * (src/hang_watchdog.c). */
struct liblockdep_wait {
	const void		*object;
	unsigned int		kind, seq;
	const void		*seen_object;
	unsigned int		seen_kind, seen_seq;
	u64			seen_cputime, seen_since;
	bool			reported;
};

struct task_struct {
	int			pid;
	char			comm[TASK_COMM_LEN];
	int			lockdep_depth;
	unsigned int		lockdep_recursion;
	/*
	 * What a wrapper reads, in one load, before it takes the inline fast path
	 * (src/validate.c): open (TASK_GATE_OPEN) when the entry is ready and neither
	 * lockdep's "interrupts off" nor liblockdep's own work is under way here.
	 */
	union {
		u64		gate;
		struct {
			/* No preparation due, and every switch the fast path depends
			 * on allows it: cleared by any thread (src/signals.c). */
			bool	entry_ready;
			u8	irqs_off;	/* lockdep's sections, linux/irqflags.h */
			u16	gate_unused;
			u32	busy;		/* liblockdep at work, src/reentry.c */
		};
	};
	u64			curr_chain_key;
	/*
	 * The rest of what a lock or unlock reads on the fast way, here so that it is
	 * one thread-local symbol: a shared library (the preload flavour) loads each
	 * symbol's offset from its GOT. Each file's, with its initial value there.
	 */
	int			signals_off;	/* linux/irqflags.h */
	unsigned long		deferred_signals;	/* held back, src/reentry.c */
	struct {					/* the thread's steps, src/fast_path.c */
		struct fast_path_steps	*steps;
		unsigned long		zapped;
		bool			retired;
	} fast_path;
	struct lock_entry	*lock_cache[1 << LOCK_CACHE_BITS];	/* src/lock_table.c */
	u64			hardirq_chain_key;
	struct irqtrace_events	irqtrace;
	unsigned int		hardirq_threaded;
	int			softirqs_enabled;
	int			softirq_context;
	int			irq_config;
	struct list_head	thread_list;	/* all live threads, src/task.c */
	unsigned char		*handler_stack;	/* src/handler_stack.c */
	struct liblockdep_wait	wait;
	struct held_lock	held_locks[LIBLOCKDEP_MAX_LOCK_DEPTH];
};

/* Softirqs do not exist here; "enabled" would only make lockdep mark a usage bit
 * per acquisition that no check can ever use. Its initial values: src/task.c. */
static __thread struct task_struct liblockdep_task;
#define current			(&liblockdep_task)
/* The gate's word with entry_ready alone set. */
#define TASK_GATE_OPEN	(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 1ULL : 1ULL << 56)
_Static_assert(offsetof(struct task_struct, entry_ready) == offsetof(struct task_struct, gate),
	       "entry_ready is the gate's first byte");
#define task_pid_nr(t)		((t)->pid)
#define in_task()		(!lockdep_hardirq_context())
#define get_task_struct(t)	(t)
#define put_task_struct(t)	do { } while (0)
/* Lockdep asks whether another task is running before printing its locks: a
 * snapshot of them is printed all the same (debug_show_all_locks(), src/task.c). */
#define task_is_running(t)	0

/* There is no boot: the process is fully up from its first instruction. */
#define system_state		SYSTEM_RUNNING
enum system_states { SYSTEM_SCHEDULING, SYSTEM_FREEING_INITMEM, SYSTEM_RUNNING };
#define early_boot_irqs_disabled	false
#endif
