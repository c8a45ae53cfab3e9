/*
 * The real locking functions, called as real(pthread_mutex_lock)(m). liblockdep.h may
 * have bound the pthread names in this file to our wrappers (when it is
 * force-included), so our runtime never calls a locking function by its own name.
 */
#ifndef LIBLOCKDEP_PRELOAD
/*
 * Drop-in: libc's functions under names of our own, real_pthread_mutex_lock... They
 * are libc's, so they keep default visibility under config.h's "hidden" pragma.
 */
#define LIBLOCKDEP_CALL(family, ret, name, params) \
	extern ret real_##name params __asm__(#name) __attribute__((__visibility__("default")));
#include "routed_calls.h"
#undef LIBLOCKDEP_CALL
#define real(name) real_##name
#else
/*
 * Preload: liblockdep.so defines the real names itself (src/preload.c), so libc's
 * functions are found at run time with dlsym(RTLD_NEXT), each on its first call: a
 * locking call may come before any initialisation of ours could run (from another
 * library's constructor). Looking up needs no fallback: for a name that exists,
 * glibc's dlsym() (2.34 and later) takes only the loader's own lock and allocates
 * nothing, so it calls no function that liblockdep replaces. Threads that look up a
 * name at the same time store the same address.
 */
#define LIBLOCKDEP_CALL(family, ret, name, params) \
	typedef ret real_##name##_fn params; \
	static void *real_##name;
#include "routed_calls.h"
#undef LIBLOCKDEP_CALL
#define real(name) ((real_##name##_fn *)real_function(&real_##name, #name))

static void *real_lookup(void **slot, const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "liblockdep: %s: not found in the C library\n", name);
		abort();
	}
	__atomic_store_n(slot, fn, __ATOMIC_RELAXED);
	return fn;
}

static inline void *real_function(void **slot, const char *name)
{
	void *fn = __atomic_load_n(slot, __ATOMIC_RELAXED);

	return __builtin_expect(fn != NULL, 1) ? fn : real_lookup(slot, name);
}
#endif
