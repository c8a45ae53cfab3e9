/* Shim: lockdep.c includes it out of habit; lockdep itself never takes a struct mutex. */
#include <linux/kernel.h>
