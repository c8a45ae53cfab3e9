/* Shim: every thread is its own CPU (see asm/percpu.h); its number is the thread's
 * lock_stat slot (src/lock_stat.c), which only lock_stat's bounces read. */
#ifndef LIBLOCKDEP_SHIM_SMP_H
#define LIBLOCKDEP_SHIM_SMP_H
#include <asm/percpu.h>
static int lock_stat_cpu(void);
#define raw_smp_processor_id()	lock_stat_cpu()
#define smp_processor_id()	lock_stat_cpu()
#endif
