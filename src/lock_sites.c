/*
 * Classes named after code. A lock initialised by a call (or first locked without
 * ever being initialised) belongs to the class of that call site, as a kernel lock
 * belongs to the `static struct lock_class_key` of its init macro; with
 * LIBLOCKDEP_CLASSES=stack, of the call stack a few frames deep, so that the callers
 * of a generic lock allocator get classes of their own. Each site owns a key here,
 * in static storage, so lockdep accepts it without registration.
 */
#define LOCK_SITES_MAX		MAX_LOCKDEP_KEYS
#define LOCK_SITES_HASH_SIZE	(2 * LOCK_SITES_MAX)
#define LOCK_SITE_FRAMES	3	/* the site, its caller and theirs */

struct lock_site {
	unsigned long ips[LOCK_SITE_FRAMES];	/* the call site, then its callers */
	struct lock_class_key key;
	const char *name;
};

static struct lock_site lock_sites[LOCK_SITES_MAX];
static struct lock_site *lock_sites_hash[LOCK_SITES_HASH_SIZE];
static unsigned int nr_lock_sites;
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
	return strdup(text) ?: kind;
}

/* The site of ips (the call site first, then callers; unused frames are 0). */
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
	if (!site) {
		if (nr_lock_sites == LOCK_SITES_MAX) {
			/* Lockdep runs out of classes first and says so. */
			site = &lock_sites[LOCK_SITES_MAX - 1];
		} else {
			site = &lock_sites[nr_lock_sites++];
			memcpy(site->ips, ips, sizeof(site->ips));
			site->name = lock_site_name(kind, ips);
			lock_sites_hash[slot] = site;
		}
	}
	internal_unlock(&lock_sites_mutex);
	return site;
}
