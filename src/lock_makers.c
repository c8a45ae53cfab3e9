/*
 * Functions that make locks for their callers. The kernel's mutex_init() is a macro,
 * so each place that calls it is a class of its own. A program or library often
 * wraps pthread_mutex_init() in a function of its own (Traffic Server's
 * ink_mutex_init(), VLC's vlc_mutex_init(), V8's RecursiveMutex constructor,
 * OpenSSL's CRYPTO_THREAD_lock_new()), and with the call site inside the wrapper as
 * the class, every lock of the program would be one class, and roles that never meet
 * would make false cycles.
 *
 * A wrapper is told by what it is, not by its name: a named function so small that
 * making the lock is all it can do (an attribute set up, the call, an error check).
 * A type's own init function does more (it sets up the rest of its object) and is
 * larger; its locks stay one class, as the kernel's would. A lock made in a wrapper
 * is keyed by its call site and the wrapper's caller, and that caller's when it is a
 * wrapper too (HotSpot's PlatformMonitor constructor, called by Mutex's, called by
 * the code that defines each lock), up to two callers (src/lock_sites.c). The first
 * callers a wrapper's site meets keep its class and name; each later caller is a
 * class of its own, named after the wrapper and its callers
 * ("mutex@ink_mutex_init<Diags::Diags()"). A wrapper called from one place is one
 * class, as before.
 *
 * Roles by caller must not make cycles of their own: a type's small init function is
 * a maker too, and is often called from several places for one kind of object (an
 * account opened and an account replacing a closed one, two constructors), whose
 * locks a correct program nests in one order by instance (lower address first). As
 * two classes X and Y, such transfers were X -> Y and Y -> X, a false cycle. So the
 * classes one maker makes for its callers are siblings: a lock taken while the
 * thread holds a sibling's is judged by instance, exactly as a lock taken while it
 * holds another of its own class (src/instance_nesting.c): the pair is an edge of
 * the instance graph, where a cycle of objects (AB-BA between an opened and a loaded
 * account, a ring of forks made by two callers) is reported, and lockdep is not
 * given the dependency between the two siblings. Every other dependency of a
 * sibling is lockdep's own, so Traffic Server's roles with a static lock between two
 * of them (A -> S, S -> B) make no cycle, and S -> B followed by B -> S does; a
 * cycle through a pair of siblings and other classes is src/sibling_cycles.c's. The
 * limit: a cycle between two siblings over different objects (opened a1 -> loaded
 * b1 in one place, loaded b2 -> opened a2 in another), which lockdep's classes
 * would call a possible deadlock, is not reported; as one class it was not either.
 *
 * Read from the symbol table once per site: no allocation, no lock.
 */
#define LOCK_MAKER_MAX_BYTES	192

/* Whether the named function that the return address ip lies in is small enough
 * to do nothing but make a lock. A frame without a name: not known, so not. */
static bool lock_maker_at(unsigned long ip)
{
	struct sym_place place;

	return sym_lookup(ip - 1, &place) && place.name && place.size &&
	       place.size <= LOCK_MAKER_MAX_BYTES;
}

/* frames[0..n) is a maker's call site and its callers: keeps the callers up to the
 * first one that is not a maker itself, and clears those past it (the owner's
 * callers do not change what the lock is for). */
static void lock_maker_callers(unsigned long *frames, unsigned int n)
{
	unsigned int i = 1;

	while (i + 1 < n && frames[i] && lock_maker_at(frames[i]))
		i++;
	while (++i < n)
		frames[i] = 0;
}

#define LOCK_MAKER_DEPTH	8

/*
 * The n frames of a call stack from ip (ip and its callers) that key an unnamed site's
 * class (src/lock_sites.c), the last of them past any makers: the first caller above
 * them that is not one, within LOCK_MAKER_DEPTH frames. GDAL makes every mutex in a
 * static function of its stripped library, called by CPLCreateOrAcquireMutexEx(),
 * called by CPLMutexHolder's constructor: three frames deep, every such mutex was one
 * class; a dataset's and the block cache's made a false cycle (gdalwarp -multi).
 */
static void lock_maker_stack(unsigned long ip, unsigned long *frames, unsigned int n)
{
	unsigned long trace[LOCK_MAKER_DEPTH] = { ip };
	unsigned int count = stack_trace_save(trace, LOCK_MAKER_DEPTH, 0), i = n - 1;

	while (i + 1 < count && lock_maker_at(trace[i]))
		i++;
	memcpy(frames, trace, (n - 1) * sizeof(*frames));
	frames[n - 1] = trace[i];
}
