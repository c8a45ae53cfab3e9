/* Shim: the slice of <linux/kernel.h> lockdep uses (it reaches it through other headers). */
#ifndef LIBLOCKDEP_SHIM_KERNEL_H
#define LIBLOCKDEP_SHIM_KERNEL_H
#include <linux/types.h>
#include <linux/const.h>
#include <linux/container_of.h>
#include <linux/printk.h>
#include <linux/bug.h>

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define max_t(t, a, b)		max((t)(a), (t)(b))
#define BIT(nr)			(1UL << (nr))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define _RET_IP_		((unsigned long)__builtin_return_address(0))
#define _THIS_IP_		({ __label__ __here; __here: (unsigned long)&&__here; })
#define str_plural(n)		((n) == 1 ? "" : "s")
#define might_sleep()		do { } while (0)
#define cpu_relax()		do { } while (0)
#define oops_in_progress	0
/* From <linux/string.h>: clear a struct from one member to its end. */
#define memset_startat(obj, v, member)					\
	memset((char *)(obj) + offsetof(__typeof__(*(obj)), member), v,	\
	       sizeof(*(obj)) - offsetof(__typeof__(*(obj)), member))
#define panic_on_warn		0
#endif
