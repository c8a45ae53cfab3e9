/* Shim: module parameters are compile-time constants here; no modules unload. */
#include <linux/linkage.h>
#define module_param(name, type, perm)
#define print_modules()	do { } while (0)
/* Initcalls run when their work is wanted: lockdep_proc_init() by src/dump.c. */
#define __initcall(fn)
#define late_initcall(fn)
