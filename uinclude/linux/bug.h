/* Shim: WARN and BUG. A WARN inside lockdep means its own state is inconsistent, so
 * src/printk.c prints it with a stack and turns validation off, as the kernel does. */
#ifndef LIBLOCKDEP_SHIM_BUG_H
#define LIBLOCKDEP_SHIM_BUG_H
#include <linux/compiler.h>

static void liblockdep_warn(const char *file, int line, const char *cond);

#define WARN(cond, fmt, ...) ({						\
	int __warn_cond = !!(cond);					\
	if (unlikely(__warn_cond)) {					\
		printk(KERN_WARNING fmt, ##__VA_ARGS__);		\
		liblockdep_warn(__FILE__, __LINE__, #cond);		\
	}								\
	unlikely(__warn_cond);						\
})
#define WARN_ON(cond)		WARN(cond, "")
#define WARN_ONCE(cond, fmt, ...) ({					\
	static int __warned;						\
	int __warn_once_cond = !!(cond);				\
	if (unlikely(__warn_once_cond) && !__warned) {			\
		__warned = 1;						\
		WARN(1, fmt, ##__VA_ARGS__);				\
	}								\
	unlikely(__warn_once_cond);					\
})
#define WARN_ON_ONCE(cond)	WARN_ONCE(cond, "")
#define BUG_ON(cond)		do { if (unlikely(cond)) abort(); } while (0)
#define BUG()			abort()
#endif
