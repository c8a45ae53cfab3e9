/*
 * Classes named after code. A lock initialised by a call (or first locked without
 * ever being initialised) belongs to the class of that call site, as a kernel lock
 * belongs to the `static struct lock_class_key` of its init macro; with
 * LIBLOCKDEP_CLASSES=stack, of the call stack a few frames deep, so that the callers
 * of a generic lock allocator get classes of their own. Each site owns a key here,
 * in static storage, so lockdep accepts it without registration.
 *
 * A site is taken when a lock is initialised, its class only when the lock is first
 * locked, so with as many sites as lockdep has classes, a program with too many init
 * sites hears it from here first; one with many static locks (classes without a
 * site) from lockdep's "BUG: MAX_LOCKDEP_KEYS too low!".
 */
#ifndef LIBLOCKDEP_MAX_LOCK_SITES
#define LIBLOCKDEP_MAX_LOCK_SITES	MAX_LOCKDEP_KEYS
#endif
#define MAX_LOCK_SITES		LIBLOCKDEP_MAX_LOCK_SITES
#define LOCK_SITES_HASH_SIZE	(2 * MAX_LOCK_SITES)
#define LOCK_SITE_FRAMES	3	/* the site, its caller and theirs */

/*
 * Whether a site is in the locking plumbing (src/lock_plumbing.c), which has no
 * class: a site without a name is, when it is called from plumbing. One called from
 * anything else is the user's, but in code without names (a stripped library's static
 * function) nothing tells a lock-creating helper from a site: libdbus makes every
 * mutex in _dbus_platform_rmutex_new(), which Debian's library does not name, and as
 * one class its global locks and each connection's made false cycles. Such a site's
 * classes go by the call stack, as with LIBLOCKDEP_CLASSES=stack.
 */
enum lock_site_role { SITE_USER, SITE_PLUMBING, SITE_UNNAMED, SITE_UNNAMED_USER, SITE_MAKER };
/* Whether a site's function is called through a pointer, its locks then keyed by
 * their creator too (src/lock_creators.c): not known until its first init. */
enum lock_site_creator { CREATOR_UNKNOWN, CREATOR_NONE, CREATOR_SOME };

struct lock_site {
	unsigned long ips[LOCK_SITE_FRAMES];	/* the call site, then its callers */
	struct lock_class_key key;
	const char *name;
	const char *base;	/* the name without its "~2" (lock_site_name()) */
	u32 base_hash;
	const void *variable;	/* the lock its name is the variable of, or NULL */
	bool first_use;		/* named after a first lock: by which code came first */
	u8 role;		/* enum lock_site_role; SITE_UNNAMED until a stack tells */
	unsigned long callers[LOCK_SITE_FRAMES - 1];	/* a maker's first callers, whose
						 * locks are its own class (src/lock_makers.c) */
	const struct lock_site *maker;	/* the maker's site whose callers' classes are
					 * siblings of this one (src/lock_makers.c) */
	u8 creator;		/* enum lock_site_creator (src/lock_creators.c) */
	enum lock_classes classes;	/* LIBLOCKDEP_CLASSES, or a rule's for this code */
};

static struct lock_site lock_sites[MAX_LOCK_SITES];
static struct lock_site *lock_sites_hash[LOCK_SITES_HASH_SIZE];
static unsigned int nr_lock_sites;
static bool lock_sites_full;
static pthread_mutex_t lock_sites_mutex = PTHREAD_MUTEX_INITIALIZER;

/*
 * The variable a lock lives in, as the symbol table names it, the way the kernel
 * names a class after the expression in mutex_init(&x): "worker_hang_lock" (or
 * "stats", at the start of a larger variable); "locks[3]" in a variable that is a
 * whole number of such locks; "stats+0x10" inside any other. NULL outside a named
 * variable (the heap, a stack, a stripped object). The symbol table has no member
 * names: "stats.lock" would take DWARF.
 */
static const char *lock_variable_name(const void *lock, size_t lock_size)
{
	struct sym_place place;

	if (!lock || !lock_size || !sym_lookup((unsigned long)lock, &place) || !place.name)
		return NULL;
	if (place.size > lock_size && place.size % lock_size == 0 &&
	    place.offset % lock_size == 0)
		return liblockdep_format("%s[%lu]", place.name, place.offset / lock_size);
	if (!place.offset)
		return place.name;
	return liblockdep_format("%s+0x%lx", place.name, place.offset);
}

/*
 * Whether a lock fills a named variable of its own, with no room there for a second
 * lock of its kind (V8's LazyMutex: a once flag, then the mutex). Such a lock is its
 * own class however it was initialised, as a statically initialised one is: V8
 * makes all its lazily created static mutexes at one site, and as one class, two of
 * them made false cycles (node's thread pool). An array of locks, or a larger
 * structure that may hold several, keeps the class of its init site.
 */
static bool lock_has_own_variable(const void *lock, size_t lock_size)
{
	struct sym_place place;

	return sym_lookup((unsigned long)lock, &place) && place.name &&
	       place.size >= lock_size && place.size < 2 * lock_size;
}

/* A lock in static storage, in a variable or in a stripped object's data: a name
 * that is the same in every run, "table_lock", "mutex@prog+0x4010". */
static const char *lock_static_name(const void *lock, const char *kind, size_t lock_size)
{
	return lock_variable_name(lock, lock_size) ?: liblockdep_format("%s@%pS", kind, lock) ?: kind;
}

/* "mutex@make_account", or with callers "mutex@new_lock<open_db": the kind of lock
 * and the functions of its code (a C++ function without its parameters,
 * "mutex@shop::Inventory::restock()", src/demangle.c), never an offset in them, which
 * an edit elsewhere in the function or another optimisation level changes; where the
 * code has no symbol, its place in its object ("mutex@sort+0xae4d": the same in every
 * run, unlike its address). A site whose first lock lives in a named variable carries
 * that variable's name (and knows the variable: a graph across processes tells two
 * programs' static variables apart by it). */
static void lock_site_base_name(struct lock_site *site, const char *kind,
				const void *lock, size_t lock_size, char *text, size_t size)
{
	const char *variable = lock_variable_name(lock, lock_size);
	size_t len;

	site->variable = variable ? lock : NULL;
	if (variable) {
		liblockdep_snprintk(text, size, "%s", variable);
		return;
	}
	len = liblockdep_snprintk(text, size, "%s", kind);
	for (int i = 0; i < LOCK_SITE_FRAMES && site->ips[i] && len + 1 < size; i++) {
		void *ip = (void *)site->ips[i];
		size_t frame = len + 1;

		len += liblockdep_snprintk(text + len, size - len, "%c%ps", i ? '<' : '@', ip);
		len = min(len, size - 1);
		if (liblockdep_symbol_at(site->ips[i], NULL, NULL))
			len = frame + demangled_without_parameters(text + frame, len - frame);
	}
}

/*
 * Two sites of one name (two locks first used, or initialised, in one function) are
 * told apart by the order their function's sites appeared in: "mutex@restock()",
 * then "mutex@restock()~2" (not lockdep's "#2" for two classes of one name, which
 * goes by the order of first use and which rules and fingerprints leave out). A source line would say more but moves with every edit
 * above it; the order changes only when the function's own locking does (or, for
 * sites first used by racing threads, with the race). Classes are keyed by the site
 * and names must stay unique: the graph file, fingerprints and rules go by names.
 */
static const char *lock_site_name(struct lock_site *site, const char *kind,
				  const void *lock, size_t lock_size)
{
	static char text[512];	/* under lock_sites_mutex; kept off small stacks */
	unsigned int same = 1;

	lock_site_base_name(site, kind, lock, lock_size, text, sizeof(text));
	site->base_hash = jhash(text, strlen(text), 0);
	for (struct lock_site *s = lock_sites; s < site; s++)
		same += s->base_hash == site->base_hash && s->base && !strcmp(s->base, text);
	site->base = liblockdep_strdup(text);
	if (!site->base)
		return kind;
	return same == 1 ? site->base : liblockdep_format("%s~%u", text, same) ?: kind;
}

/*
 * Out of sites: a site shared by two init calls would merge their classes and make
 * false reports, so checking stops instead, in lockdep's words for running out.
 */
static void lock_sites_exhausted(void)
{
	if (__atomic_exchange_n(&lock_sites_full, true, __ATOMIC_RELAXED) || !debug_locks_off())
		return;
	printk(KERN_DEBUG "BUG: MAX_LOCK_SITES too low!\n");
	printk(KERN_DEBUG "liblockdep: build with -DLIBLOCKDEP_MAX_LOCK_SITES=N to raise it "
	       "(now %d)\n", MAX_LOCK_SITES);
	printk(KERN_DEBUG "turning off the locking correctness validator.\n");
	dump_stack();
	liblockdep_report_end();
}

static enum lock_site_role lock_site_role_at(unsigned long ip)
{
	bool named;

	if (lock_plumbing_at(ip, &named)) {
		WRITE_ONCE(lock_plumbing_out_of_line, true);
		return SITE_PLUMBING;
	}
	if (!named)
		return SITE_UNNAMED;
	return lock_maker_at(ip) ? SITE_MAKER : SITE_USER;
}

/* The site of ips (the call site first, then callers; unused frames are 0); NULL
 * when the table is full. A new site is named after lock, its first lock. Its
 * granularity is a rule's for its code, else that of the site it was found from (a
 * wrapper's, or its first frame's), else LIBLOCKDEP_CLASSES. */
static struct lock_site *lock_site_of(const unsigned long *ips, const char *kind,
				      const void *lock, size_t lock_size,
				      const struct lock_site *from)
{
	unsigned long hash = 0, slot;
	struct lock_site *site;

	for (int i = 0; i < LOCK_SITE_FRAMES; i++)
		hash = hash_long(hash ^ ips[i], 63);
	slot = hash % LOCK_SITES_HASH_SIZE;
	internal_lock(&lock_sites_mutex);
	while ((site = lock_sites_hash[slot]) &&
	       memcmp(site->ips, ips, sizeof(site->ips)))
		slot = (slot + 1) % LOCK_SITES_HASH_SIZE;
	if (!site && nr_lock_sites < MAX_LOCK_SITES) {
		site = &lock_sites[nr_lock_sites++];
		memcpy(site->ips, ips, sizeof(site->ips));
		site->name = lock_site_name(site, kind, lock, lock_size);
		site->role = lock_site_role_at(ips[0]);
		site->classes = lock_rules_site(ips[0], &site->name,
						from ? from->classes : settings.classes);
		lock_sites_hash[slot] = site;
	}
	internal_unlock(&lock_sites_mutex);
	if (!site)
		lock_sites_exhausted();
	return site;
}

/* The call site whose class key this is (its code defines the class), or NULL. */
static const struct lock_site *lock_site_of_key(const struct lock_class_key *key)
{
	unsigned long offset = (unsigned long)key - (unsigned long)lock_sites;

	if (offset >= sizeof(lock_sites) ||
	    offset % sizeof(lock_sites[0]) != offsetof(struct lock_site, key))
		return NULL;
	return &lock_sites[offset / sizeof(lock_sites[0])];
}

/* Whether frames[1..] are the first callers a maker's site met (or the stack cannot
 * say): their locks are the site's own class. */
static bool lock_site_first_callers(struct lock_site *site, const unsigned long *frames)
{
	bool first;

	internal_lock(&lock_sites_mutex);
	if (!site->callers[0])
		memcpy(site->callers, frames + 1, sizeof(site->callers));
	first = !memcmp(site->callers, frames + 1, sizeof(site->callers));
	internal_unlock(&lock_sites_mutex);
	return first;
}

/* The site of a lock made at site for the callers frames[1..]: the site for its
 * first callers, else the site with the callers that say what it is for, a sibling
 * of the site's other callers' sites. */
static struct lock_site *lock_site_for(struct lock_site *site, const unsigned long *frames,
				       const char *kind, const void *lock, size_t lock_size)
{
	struct lock_site *caller;

	if (!READ_ONCE(site->maker))
		WRITE_ONCE(site->maker, site);
	if (lock_site_first_callers(site, frames))
		return site;
	caller = lock_site_of(frames, kind, lock, lock_size, site);
	if (caller)
		WRITE_ONCE(caller->maker, site);
	return caller;
}

/* The site of a lock made in a maker (src/lock_makers.c) by the call at site, which
 * returns to ip. */
static struct lock_site *lock_maker_site(struct lock_site *site, unsigned long ip,
					 const char *kind, const void *lock, size_t lock_size)
{
	unsigned long frames[LOCK_SITE_FRAMES] = { ip };

	stack_trace_save(frames, LOCK_SITE_FRAMES, 0);
	if (frames[0] != ip)
		return site;
	lock_maker_callers(frames, LOCK_SITE_FRAMES);
	return lock_site_for(site, frames, kind, lock, lock_size);
}

/* The site of a lock initialised at site, a call in a function called through a
 * pointer: keyed by its creator too (src/lock_creators.c). The first init says
 * whether the site's function is such a function. */
static noinline struct lock_site *lock_creator_site(struct lock_site *site, const char *kind,
						    const void *lock, size_t lock_size)
{
	unsigned long trace[LOCK_CREATOR_DEPTH];
	unsigned long frames[LOCK_SITE_FRAMES] = { site->ips[0] };
	unsigned int n = stack_trace_save(trace, LOCK_CREATOR_DEPTH, 0), k = 0;
	bool through;

	while (k < n && trace[k] != site->ips[0])
		k++;
	frames[1] = lock_creator_in(trace, n, k, &through);
	if (READ_ONCE(site->creator) == CREATOR_UNKNOWN)
		WRITE_ONCE(site->creator, through ? CREATOR_SOME : CREATOR_NONE);
	if (!frames[1])
		return site;
	return lock_site_for(site, frames, kind, lock, lock_size);
}

/*
 * The site of a lock initialised (init_call), or first used, by the call that returns
 * to ip: that call site, or the first call site out of the locking plumbing or a
 * lock-creating helper when ip is in one (src/lock_plumbing.c); for an init call in a
 * maker past its first callers, the maker's callers too (src/lock_makers.c); with the
 * granularity "stack" (by LIBLOCKDEP_CLASSES or a rule for that code), its callers;
 * an unnamed site, its callers past makers; an init call in a function called
 * through a pointer, its creator too (src/lock_creators.c). An unnamed site learns
 * from its first stack whether it is plumbing, once.
 */
static struct lock_site *lock_site_at(unsigned long ip, const char *kind, const void *lock,
				      size_t lock_size, bool init_call)
{
	unsigned long ips[LOCK_SITE_FRAMES] = { ip };
	struct lock_site *site = lock_site_of(ips, kind, lock, lock_size, NULL);
	u8 role = site ? READ_ONCE(site->role) : SITE_USER;
	int skipped = 0;

	if (role == SITE_UNNAMED || role == SITE_PLUMBING) {
		skipped = lock_plumbing_skip(ips, 1);
		if (role == SITE_UNNAMED && skipped >= 0) {
			role = skipped ? SITE_PLUMBING : SITE_UNNAMED_USER;
			WRITE_ONCE(site->role, role);
		}
		if (skipped > 0)
			site = lock_site_of(ips, kind, lock, lock_size, site);
	}
	if (site && init_call && role == SITE_MAKER && site->classes == CLASSES_SITE)
		return lock_maker_site(site, ip, kind, lock, lock_size);
	if (site && (site->classes == CLASSES_STACK ||
		     (role == SITE_UNNAMED_USER && site->classes == CLASSES_SITE))) {
		unsigned long frames[LOCK_SITE_FRAMES] = { ip };

		if (skipped > 0)
			lock_plumbing_skip(frames, LOCK_SITE_FRAMES);
		else if (site->classes == CLASSES_SITE)
			lock_maker_stack(ip, frames, LOCK_SITE_FRAMES);
		else
			stack_trace_save(frames, LOCK_SITE_FRAMES, 0);
		site = lock_site_of(frames, kind, lock, lock_size, site);
	}
	if (site && init_call && site->classes == CLASSES_SITE && !site->ips[1] &&
	    READ_ONCE(site->creator) != CREATOR_NONE)
		site = lock_creator_site(site, kind, lock, lock_size);
	return site;
}

/*
 * Whether the classes of two keys are siblings, whose nesting is judged by instance,
 * as that of one class is (src/instance_nesting.c): made by one maker for different
 * callers (src/lock_makers.c), or both by types' init functions for their creators
 * (src/lock_creators.c), each lock a part of one object.
 */
static bool lock_sites_siblings(const struct lock_class_key *a, const struct lock_class_key *b)
{
	const struct lock_site *x = lock_site_of_key(a), *y = lock_site_of_key(b);
	const struct lock_site *maker = x ? READ_ONCE(x->maker) : NULL;
	const struct lock_site *other = y ? READ_ONCE(y->maker) : NULL;

	if (!maker || !other || x == y)
		return false;
	return maker == other || (READ_ONCE(maker->creator) == CREATOR_SOME &&
				  READ_ONCE(other->creator) == CREATOR_SOME);
}

static void fast_path_zap_begin(void);
static void fast_path_zap_end(void);

/*
 * Code unloaded (dlclose()): another object may be loaded at its addresses. The
 * classes of its call sites go (lockdep frees a class by its key's address), and the
 * sites match no call any more, so a lock created at the same address starts a
 * class afresh. A batch at a time, as lockdep's freeing waits for a grace period
 * and must not run under the sites' mutex.
 */
static void lock_sites_forget_code(unsigned long start, unsigned long size)
{
	struct lock_site *gone[32];
	unsigned int nr;

	do {
		nr = 0;
		internal_lock(&lock_sites_mutex);
		for (unsigned int i = 0; i < nr_lock_sites && nr < ARRAY_SIZE(gone); i++) {
			struct lock_site *site = &lock_sites[i];

			for (int f = 0; f < LOCK_SITE_FRAMES - 1; f++)
				if (site->callers[f] - start < size)
					memset(site->callers, 0, sizeof(site->callers));
			for (int f = 0; f < LOCK_SITE_FRAMES; f++) {
				if (site->ips[f] - start < size) {
					memset(site->ips, 0, sizeof(site->ips));
					site->base = NULL;	/* its name is free again */
					WRITE_ONCE(site->maker, NULL);
					gone[nr++] = site;
					break;
				}
			}
		}
		internal_unlock(&lock_sites_mutex);
		for (unsigned int i = 0; i < nr; i++) {
			fast_path_zap_begin();
			lockdep_free_key_range(&gone[i]->key, sizeof(gone[i]->key));
			fast_path_zap_end();
		}
	} while (nr == ARRAY_SIZE(gone));
}
