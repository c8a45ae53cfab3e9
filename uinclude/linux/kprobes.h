/* Shim: no kprobes in user space; NOKPROBE_SYMBOL is in linux/linkage.h. */
#include <linux/linkage.h>
