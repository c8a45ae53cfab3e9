/* Shim: module parameters are compile-time constants here; no modules unload. */
#include <linux/linkage.h>
#define module_param(name, type, perm)
#define print_modules()	do { } while (0)
