/* Shim: every thread is its own CPU (see asm/percpu.h), so the CPU number is 0. */
#ifndef LIBLOCKDEP_SHIM_SMP_H
#define LIBLOCKDEP_SHIM_SMP_H
#include <asm/percpu.h>
#define raw_smp_processor_id()	0
#define smp_processor_id()	0
#endif
