/*
 * The real locking functions, called as real(pthread_mutex_lock)(m): libc's, under
 * names of our own. liblockdep.h may have bound the pthread names in this file to our
 * wrappers (when it is force-included), so our runtime never calls a locking function
 * by its own name. They are libc's, so they keep default visibility under config.h's
 * "hidden" pragma.
 */
#define LIBLOCKDEP_CALL(family, ret, name, params) \
	extern ret real_##name params __asm__(#name) __attribute__((__visibility__("default")));
#include "routed_calls.h"
#undef LIBLOCKDEP_CALL
#define real(name) real_##name
