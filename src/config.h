/*
 * How liblockdep.c is built, after the system headers and the public header.
 *
 * Everything from here on is hidden: after the final link only LIBLOCKDEP_API names
 * remain global, so nothing of the kernel's or ours collides with the user's symbols.
 */
#pragma GCC visibility push(hidden)
/*
 * The public names are protected: exported, but this copy's own calls of them, and
 * those of the code it is linked with, stay in this copy. A process may hold two: a
 * drop-in build run by ./lockdep, or a shared library with the drop-in in it, has its
 * own next to the preloaded one, and the loader would otherwise bind every call of a
 * name to whichever copy comes first (src/two_copies.c). The checked calls'
 * wrappers in liblockdep.so stay default: a program built without -fPIC may take
 * their address (&pthread_mutex_lock, routed), which the linker refuses for a
 * protected function of a shared library; liblockdep calls none of them by name.
 */
#define LIBLOCKDEP_API __attribute__((__visibility__("protected")))
#ifdef LIBLOCKDEP_PRELOAD
#define LIBLOCKDEP_WRAPPER_API __attribute__((__visibility__("default")))
#else
#define LIBLOCKDEP_WRAPPER_API LIBLOCKDEP_API
#endif

/*
 * Lock validators are used most in debug builds; lockdep's fast path at -O0 costs
 * several times what it does at -O2. GCC lets this file keep its own code optimised
 * whatever the user's -O (debug info is unaffected). The pragma does not bring back
 * inlining, which a -O0 compilation leaves off: lockdep's small inline helpers
 * (hlock_class, test_bit) stayed calls, and the pair took twice the time it does at
 * -O2 (1.2x with them inlined, as the kernel's compiler_types.h also redefines
 * inline). Clang has no such pragma; inlining alone takes its -O0 pair from 2,318
 * instructions to 1,930 (807 at -O2).
 */
#if !defined(__OPTIMIZE__) && !defined(LIBLOCKDEP_NO_OPTIMIZE)
#ifdef __clang__
#pragma clang diagnostic ignored "-Wkeyword-macro"
#else
#pragma GCC optimize("O2")
#endif
#define inline inline __attribute__((__always_inline__))
#endif

/*
 * The preload flavour (-DLIBLOCKDEP_PRELOAD -fPIC -shared: liblockdep.so) is a shared
 * library, whose thread-locals would be reached through a call of __tls_get_addr() at
 * every access: that doubles the cost of a lock/unlock pair. A library loaded at
 * start-up, as a preloaded one is, can have them in the static TLS block instead, at
 * a fixed offset from the thread pointer, as an executable has. (Such a library
 * cannot be dlopen()ed later: it is not meant to be.)
 */
#ifdef LIBLOCKDEP_PRELOAD
#define __thread __thread __attribute__((__tls_model__("initial-exec")))
#endif

/*
 * The kernel's code (and its macros, wherever they expand) is written for the
 * kernel's warning flags; the user's flags must not break on it. These stay off to
 * the end of the file, since kernel macros expand in our code too.
 */
#pragma GCC diagnostic ignored "-Wpragmas"
#ifdef __clang__
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Wpedantic"
#pragma GCC diagnostic ignored "-Wvariadic-macros"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#pragma GCC diagnostic ignored "-Wmissing-declarations"
#pragma GCC diagnostic ignored "-Wredundant-decls"
#pragma GCC diagnostic ignored "-Wpointer-arith"
#pragma GCC diagnostic ignored "-Wformat-truncation"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wgnu-statement-expression"
#pragma GCC diagnostic ignored "-Wgnu-zero-variadic-macro-arguments"

/*
 * Calls into libc through the GOT, bound when the program starts, rather than through
 * the PLT, bound at the first call: that first call runs the loader's resolver, which
 * saves the whole vector register state on the stack (2.5 KiB with AVX-512), at the
 * deepest point of a report on a small thread stack or in a signal handler.
 * (Clang has no such pragma: there, link with -Wl,-z,now for the same effect.)
 */
#ifndef __clang__
#pragma GCC optimize("no-plt")
#endif
/* atexit() is not in libc.so but linked into the program from libc_nonshared.a,
 * hidden: said so here, its call stays a direct one, and its name local. */
extern int atexit(void (*fn)(void)) __attribute__((__visibility__("hidden")));

/* Lockdep as the kernel builds it with CONFIG_PROVE_LOCKING (which always brings
 * TRACE_IRQFLAGS) and CONFIG_LOCK_STAT (switched on at run time by LIBLOCKDEP_STAT:
 * src/lock_stat.c). DEBUG_LOCKDEP stays off: its counters are per-cpu sums that
 * nothing here needs. The table sizes are the kernel's defaults; each can be raised
 * at compile time (see liblockdep.h). */
#define CONFIG_LOCKDEP 1
#define CONFIG_PROVE_LOCKING 1
#define CONFIG_LOCK_STAT 1
#define CONFIG_DEBUG_LOCK_ALLOC 1
#define CONFIG_TRACE_IRQFLAGS 1
/* Wait contexts with a level between spinning and sleeping (src/validate.c). */
#define CONFIG_PROVE_RAW_LOCK_NESTING 1
#define CONFIG_STACKTRACE 1
#define CONFIG_SMP 1
#ifndef LIBLOCKDEP_DEPENDENCY_BITS
#define LIBLOCKDEP_DEPENDENCY_BITS 15
#endif
#ifndef LIBLOCKDEP_CHAIN_BITS
#define LIBLOCKDEP_CHAIN_BITS 16
#endif
#ifndef LIBLOCKDEP_STACK_TRACE_BITS
#define LIBLOCKDEP_STACK_TRACE_BITS 19
#endif
#define CONFIG_LOCKDEP_BITS LIBLOCKDEP_DEPENDENCY_BITS
#define CONFIG_LOCKDEP_CHAINS_BITS LIBLOCKDEP_CHAIN_BITS
#define CONFIG_LOCKDEP_STACK_TRACE_BITS LIBLOCKDEP_STACK_TRACE_BITS
#define CONFIG_LOCKDEP_STACK_TRACE_HASH_BITS 14
#define CONFIG_LOCKDEP_CIRCULAR_QUEUE_BITS 12
/* IS_ENABLED(CONFIG_X): 1 when CONFIG_X is defined as 1, as in <linux/kconfig.h>. */
#define LIBLOCKDEP_PLACEHOLDER_1 0,
#define LIBLOCKDEP_SECOND_ARG(ignored, val, ...) val
#define LIBLOCKDEP_IS_ONE(arg_or_junk) LIBLOCKDEP_SECOND_ARG(arg_or_junk 1, 0, 0)
#define LIBLOCKDEP_IS_DEFINED_(val) LIBLOCKDEP_IS_ONE(LIBLOCKDEP_PLACEHOLDER_##val)
#define IS_ENABLED(option) LIBLOCKDEP_IS_DEFINED_(option)

#include "real_pthread.h"
