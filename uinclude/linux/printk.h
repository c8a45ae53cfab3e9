/* Shim: printk and its level prefixes; src/printk.c implements the kernel's format
 * extensions (%pS, %ps, %px, %Lx) and writes whole lines. */
#ifndef LIBLOCKDEP_SHIM_PRINTK_H
#define LIBLOCKDEP_SHIM_PRINTK_H
#include <linux/compiler.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""
#define KERN_CONT	KERN_SOH "c"

static int printk(const char *fmt, ...);
#define pr_emerg(fmt, ...)	printk(KERN_EMERG fmt, ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO fmt, ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { } while (0)
#define printk_deferred(fmt, ...) printk(fmt, ##__VA_ARGS__)

/* The console is always ours: no emergency mode, no verbosity switch. */
#define console_verbose()		do { } while (0)
#define nbcon_cpu_emergency_enter()	do { } while (0)
#define nbcon_cpu_emergency_exit()	do { } while (0)
#define printk_deferred_enter()		do { } while (0)
#define printk_deferred_exit()		do { } while (0)

static void dump_stack(void);
#endif
