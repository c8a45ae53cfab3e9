/*
 * Classes named after code. A lock initialised by a call (or first locked without
 * ever being initialised) belongs to the class of that call site, as a kernel lock
 * belongs to the `static struct lock_class_key` of its init macro. Each site owns a
 * key here, in static storage, so lockdep accepts it without registration.
 */
#define LOCK_SITES_MAX		MAX_LOCKDEP_KEYS
#define LOCK_SITES_HASH_SIZE	(2 * LOCK_SITES_MAX)

struct lock_site {
	unsigned long ip;
	struct lock_class_key key;
	const char *name;
};

static struct lock_site lock_sites[LOCK_SITES_MAX];
static struct lock_site *lock_sites_hash[LOCK_SITES_HASH_SIZE];
static unsigned int nr_lock_sites;
static pthread_mutex_t lock_sites_mutex = PTHREAD_MUTEX_INITIALIZER;

/* "mutex@make_account+0x2b": the kind of lock and where in the code. */
static const char *lock_site_name(const char *kind, unsigned long ip)
{
	unsigned long offset;
	const char *object, *symbol = liblockdep_symbol_at(ip, &offset, &object);
	char *name;
	int len;

	if (symbol)
		len = asprintf(&name, "%s@%s+0x%lx", kind, symbol, offset);
	else
		len = asprintf(&name, "%s@0x%lx", kind, ip);
	return len < 0 ? kind : name;
}

static struct lock_site *lock_site_of(unsigned long ip, const char *kind)
{
	unsigned long slot = hash_long(ip, 31) % LOCK_SITES_HASH_SIZE;
	struct lock_site *site;

	real(pthread_mutex_lock)(&lock_sites_mutex);
	while ((site = lock_sites_hash[slot]) && site->ip != ip)
		slot = (slot + 1) % LOCK_SITES_HASH_SIZE;
	if (!site) {
		if (nr_lock_sites == LOCK_SITES_MAX) {
			/* Lockdep runs out of classes first and says so. */
			site = &lock_sites[LOCK_SITES_MAX - 1];
		} else {
			site = &lock_sites[nr_lock_sites++];
			site->ip = ip;
			site->name = lock_site_name(kind, ip);
			lock_sites_hash[slot] = site;
		}
	}
	real(pthread_mutex_unlock)(&lock_sites_mutex);
	return site;
}
