/* Shim: symbol export macros; liblockdep exports nothing of the kernel's. */
#ifndef LIBLOCKDEP_SHIM_LINKAGE_H
#define LIBLOCKDEP_SHIM_LINKAGE_H
#include <linux/compiler.h>
#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define EXPORT_PER_CPU_SYMBOL_GPL(sym)
#define NOKPROBE_SYMBOL(sym)
#endif
