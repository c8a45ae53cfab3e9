/* Shim: the console helpers lockdep calls are in linux/printk.h. */
#include <linux/printk.h>
