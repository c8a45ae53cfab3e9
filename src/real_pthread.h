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
#define real_ready(name) real_##name
#define REAL_LOOKUP_APART __always_inline
static inline void real_ready_resolve(void)
{
}
#else
/*
 * Preload: liblockdep.so defines the real names itself (src/preload.c), so libc's
 * functions are found at run time with dlsym(), each on its first call: a locking call
 * may come before any initialisation of ours could run (from another library's
 * constructor). Where liblockdep.so is the process's definition (preloaded, or linked
 * before the C library), the real one is the next (RTLD_NEXT). But a program linked
 * with --as-needed (gcc's default on many systems, meson's) that calls only a checked
 * library loads liblockdep.so as that library's dependency, behind the C library:
 * nothing defines the names after it, and the real one is the process's
 * (RTLD_DEFAULT), which is never ours. Which of the two is decided once
 * (real_handle_find()), as the library starts; each name is then looked up with it.
 * Looking up needs no fallback: for a name that exists, glibc's dlsym() (2.34 and
 * later) takes only the loader's own lock and allocates nothing, so it calls no
 * function that liblockdep replaces. Threads that look up a name at the same time
 * store the same address.
 */
#define LIBLOCKDEP_CALL(family, ret, name, params) \
	typedef ret real_##name##_fn params; \
	static void *real_##name;
#include "routed_calls.h"
#undef LIBLOCKDEP_CALL
#define real(name) ((real_##name##_fn *)real_function(&real_##name, #name))

/* RTLD_NEXT or RTLD_DEFAULT, once known; NULL (RTLD_DEFAULT's value) until then. */
static void *real_handle;
static bool real_handle_known;

/* Is the C library loaded before liblockdep.so? The loader's list of objects is in
 * the order a lookup searches them, and reading it allocates nothing. */
static bool real_libc_before_us(void)
{
	struct link_map *map = NULL;
	Dl_info info;

	if (!dladdr1((void *)real_libc_before_us, &info, (void **)&map, RTLD_DL_LINKMAP) || !map)
		return false;
	while ((map = map->l_prev))
		if (map->l_name && strstr(map->l_name, "/libc.so."))
			return true;
	return false;
}

/* Does the C library come after us? Asked of the loader's list first: a lookup that
 * fails allocates its error message with the program's malloc, and this may run on a
 * lock path, before our constructor (a lock taken by a library started before us).
 * The lookup remains for a C library the list does not name. */
static void *real_handle_find(void)
{
	void *handle = real_libc_before_us() ? RTLD_DEFAULT :
		       dlsym(RTLD_NEXT, "pthread_mutex_lock") ? RTLD_NEXT : RTLD_DEFAULT;

	__atomic_store_n(&real_handle, handle, __ATOMIC_RELAXED);
	__atomic_store_n(&real_handle_known, true, __ATOMIC_RELEASE);
	return handle;
}

static void __attribute__((__constructor__(101))) real_handle_init(void)
{
	if (!__atomic_load_n(&real_handle_known, __ATOMIC_ACQUIRE))
		real_handle_find();
}

static void *real_lookup(void **slot, const char *name)
{
	void *handle = __atomic_load_n(&real_handle_known, __ATOMIC_ACQUIRE) ?
		       __atomic_load_n(&real_handle, __ATOMIC_RELAXED) : real_handle_find();
	void *fn = dlsym(handle, name);

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

/*
 * The calls the fast way makes last, as a jump through the function's address with
 * nothing to look up, so with no register to keep across a call (src/pthread_mutex.c):
 * looked up by the thread's preparation, before it lets the fast way open
 * (fast_path_allowed(), src/fast_path.c).
 */
#define real_ready(name) ((real_##name##_fn *)__atomic_load_n(&real_##name, __ATOMIC_RELAXED))

/* A function whose real call may look the function up, which the fast way beside it
 * must not pay for: a register to keep the arguments in across that call, saved on
 * every path (GCC does not shrink-wrap it). Inline where nothing is looked up. */
#define REAL_LOOKUP_APART noinline

static void real_ready_resolve(void)
{
	real(pthread_mutex_lock);
	real(pthread_mutex_unlock);
	real(mtx_lock);
	real(mtx_unlock);
}
#endif
