/* Shim: the kernel's compiler attributes, spelled for gcc and clang in user space. */
#ifndef LIBLOCKDEP_SHIM_COMPILER_H
#define LIBLOCKDEP_SHIM_COMPILER_H

#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)	(*(volatile __typeof__(x) *)&(x) = (val))
#define data_race(expr)		(expr)
#define __same_type(a, b)	__builtin_types_compatible_p(__typeof__(a), __typeof__(b))
#define __must_be_array(a)	0

/* glibc's <sys/cdefs.h> already defines __always_inline the same way. */
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define noinline		__attribute__((__noinline__))
#define __maybe_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __cold			__attribute__((__cold__))
#define __packed		__attribute__((__packed__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __noreturn		__attribute__((__noreturn__))
#define fallthrough		__attribute__((__fallthrough__))

/* Kernel section and tracing annotations: no meaning in a user-space process. */
#define notrace
#define noinstr
#define __visible
#define asmlinkage
#define __init
#define __initdata
#define __read_mostly
#define __ro_after_init
#define __user
#define __force
#define __rcu
#define __percpu
#define __iomem
#define __kprobes
#define __randomize_layout
#define __no_randomize_layout
#define instrumentation_begin()	do { } while (0)
#define instrumentation_end()	do { } while (0)

#define BUILD_BUG_ON(cond)	_Static_assert(!(cond), "BUILD_BUG_ON(" #cond ")")
/* From <linux/build_bug.h>: the message is optional. */
#undef static_assert
#define static_assert(expr, ...)	__static_assert(expr, ##__VA_ARGS__, #expr)
#define __static_assert(expr, msg, ...)	_Static_assert(expr, msg)
#define BUILD_BUG_ON_NOT_POWER_OF_2(n) BUILD_BUG_ON((n) == 0 || ((n) & ((n) - 1)))

#endif
