/* Shim: lockdep's per-cpu variables are per-thread here. Lockdep only touches its
 * own CPU's copy with interrupts off, i.e. never shares it with another context;
 * a thread is that context in user space. The one per-cpu variable summed across
 * cpus, lock_stat's statistics (DEBUG_LOCKDEP's are off), is too big for
 * thread-local storage (1.8 MB): src/lock_stat.c keeps it in slots, one per live
 * thread, and for_each_possible_cpu() walks them. */
#ifndef LIBLOCKDEP_SHIM_PERCPU_H
#define LIBLOCKDEP_SHIM_PERCPU_H
/* No "static": lockdep.c writes "static DEFINE_PER_CPU(...)" for some. The others
 * are renamed into liblockdep's namespace (src/kernel_begin.h). */
#define DEFINE_PER_CPU(type, name)	__thread __typeof__(type) name
#define DECLARE_PER_CPU(type, name)	extern __thread __typeof__(type) name
#define this_cpu_read(var)		(var)
#define __this_cpu_read(var)		(var)
#define this_cpu_write(var, val)	((var) = (val))
#define __this_cpu_write(var, val)	((var) = (val))
#define this_cpu_inc(var)		((var)++)
#define __this_cpu_inc(var)		((var)++)
#define this_cpu_dec(var)		((var)--)
#define __this_cpu_dec(var)		((var)--)
#define __this_cpu_dec_return(var)	(--(var))
#define __this_cpu_inc_return(var)	(++(var))
#define this_cpu_ptr(ptr)		(ptr)

/* Its definition thereby declares each thread's pointer to its slot, which
 * this_cpu_ptr(cpu_lock_stats) follows; per_cpu(cpu_lock_stats, slot) is any slot. */
struct lock_class_stats;
#define cpu_lock_stats			(*lock_stats_of_thread)
#define per_cpu(var, slot)		(lock_stat_slot(slot))
#define for_each_possible_cpu(slot)	for ((slot) = 0; (slot) < lock_stat_slots_used(); (slot)++)
static struct lock_class_stats *lock_stat_slot(int slot);
static int lock_stat_slots_used(void);
#endif
