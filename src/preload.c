/*
 * The preload flavour's exports (built with -DLIBLOCKDEP_PRELOAD as liblockdep.so, run
 * by ./lockdep): every checked call under its real name too, an alias of its wrapper,
 * so that a program that was never rebuilt calls liblockdep where it called the C
 * library. The C library's own functions are then reached through real(name).
 */
#ifdef LIBLOCKDEP_PRELOAD
#define LIBLOCKDEP_CALL(family, ret, name, params) \
	extern __typeof__(liblockdep_##name) liblockdep_preload_##name __asm__(#name) \
		__attribute__((__alias__("liblockdep_" #name), __visibility__("default")));
#include "routed_calls.h"
#undef LIBLOCKDEP_CALL
#endif
