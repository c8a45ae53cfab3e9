/* Shim: lockdep's per-cpu variables are per-thread here. Lockdep only touches its
 * own CPU's copy with interrupts off, i.e. never shares it with another context;
 * a thread is that context in user space. Cross-cpu sums (per_cpu(x, cpu)) exist
 * only under LOCK_STAT and DEBUG_LOCKDEP, which liblockdep leaves off. */
#ifndef LIBLOCKDEP_SHIM_PERCPU_H
#define LIBLOCKDEP_SHIM_PERCPU_H
#define DEFINE_PER_CPU(type, name)	static __thread __typeof__(type) name
#define DECLARE_PER_CPU(type, name)	static __thread __typeof__(type) name
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
#endif
