/*
 * A program built with the drop-in and run by ./lockdep holds two copies of
 * liblockdep: its own, and the preloaded one, which its own calls as "the C library"
 * (real(name) resolves to the preloaded wrappers). Both would check the program's
 * locks and print each report twice. The program's copy is the one it was built
 * with, and the one its annotations reach: as its settings are read, it asks the
 * preloaded copy to stand aside, which then checks nothing more, as after
 * liblockdep_disable(), and leaves the runner's record to the program's copy. The
 * libraries' own locks, which only the preloaded copy saw, go unchecked, as in a
 * drop-in build run directly.
 */
#ifdef LIBLOCKDEP_PRELOAD
LIBLOCKDEP_API void liblockdep_preload_stand_aside(void);

LIBLOCKDEP_API void liblockdep_preload_stand_aside(void)
{
	liblockdep_disable();
	runner_stand_aside();
}
#else
/* A weak reference, bound by the dynamic linker as the program loads (a call of
 * dlsym() here, on a lock wrapper's first call, would take the loader's lock). */
extern void liblockdep_preload_stand_aside(void)
	__attribute__((__weak__, __visibility__("default")));

static void two_copies_one_checks(void)
{
	if (liblockdep_preload_stand_aside)
		liblockdep_preload_stand_aside();
}
#endif
