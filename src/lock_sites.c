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

struct lock_site {
	unsigned long ips[LOCK_SITE_FRAMES];	/* the call site, then its callers */
	struct lock_class_key key;
	const char *name;
	bool plumbing;		/* the call site is C++'s locking plumbing: no class */
};

static struct lock_site lock_sites[MAX_LOCK_SITES];
static struct lock_site *lock_sites_hash[LOCK_SITES_HASH_SIZE];
static unsigned int nr_lock_sites;
static bool lock_sites_full;
static pthread_mutex_t lock_sites_mutex = PTHREAD_MUTEX_INITIALIZER;

/* "mutex@make_account+0x2b", or with callers "mutex@new_lock+0x1f<open_db+0x4a": the
 * kind of lock and where in the code. */
static const char *lock_site_name(const char *kind, const unsigned long *ips)
{
	static char text[512];	/* under lock_sites_mutex; kept off small stacks */
	size_t len = liblockdep_snprintk(text, sizeof(text), "%s", kind);

	for (int i = 0; i < LOCK_SITE_FRAMES && ips[i]; i++) {
		unsigned long offset;
		const char *object, *symbol = liblockdep_symbol_at(ips[i], &offset, &object);

		if (symbol)
			len += liblockdep_snprintk(text + len, sizeof(text) - len, "%c%s+0x%lx",
						   i ? '<' : '@', symbol, offset);
		else
			len += liblockdep_snprintk(text + len, sizeof(text) - len, "%c0x%lx",
						   i ? '<' : '@', ips[i]);
	}
	return liblockdep_strdup(text) ?: kind;
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

/* The site of ips (the call site first, then callers; unused frames are 0); NULL
 * when the table is full. */
static struct lock_site *lock_site_of(const unsigned long *ips, const char *kind)
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
		site->name = lock_site_name(kind, ips);
		site->plumbing = lock_plumbing_at(ips[0]);
		lock_sites_hash[slot] = site;
	}
	internal_unlock(&lock_sites_mutex);
	if (!site)
		lock_sites_exhausted();
	return site;
}

/* The call site whose class key this is (its code defines the class), or 0. */
static unsigned long lock_site_code(const struct lock_class_key *key)
{
	unsigned long offset = (unsigned long)key - (unsigned long)lock_sites;

	if (offset >= sizeof(lock_sites) ||
	    offset % sizeof(lock_sites[0]) != offsetof(struct lock_site, key))
		return 0;
	return READ_ONCE(lock_sites[offset / sizeof(lock_sites[0])].ips[0]);
}

/*
 * The site of a lock initialised, or first used, by the call that returns to ip: that
 * call site, with LIBLOCKDEP_CLASSES=stack its callers too; the first call site out of
 * C++'s locking plumbing when ip is in it (src/lock_plumbing.c).
 */
static struct lock_site *lock_site_at(unsigned long ip, const char *kind)
{
	unsigned long ips[LOCK_SITE_FRAMES] = { ip };
	unsigned int frames = settings.classes == CLASSES_STACK ? LOCK_SITE_FRAMES : 1;
	struct lock_site *site;

	if (frames > 1)
		stack_trace_save(ips, frames, 0);
	site = lock_site_of(ips, kind);
	if (site && site->plumbing && lock_plumbing_skip(ips, frames))
		site = lock_site_of(ips, kind);
	return site;
}

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

			for (int f = 0; f < LOCK_SITE_FRAMES; f++) {
				if (site->ips[f] - start < size) {
					memset(site->ips, 0, sizeof(site->ips));
					gone[nr++] = site;
					break;
				}
			}
		}
		internal_unlock(&lock_sites_mutex);
		for (unsigned int i = 0; i < nr; i++)
			lockdep_free_key_range(&gone[i]->key, sizeof(gone[i]->key));
	} while (nr == ARRAY_SIZE(gone));
}
