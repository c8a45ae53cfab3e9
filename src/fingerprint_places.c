/*
 * A fingerprint that does not depend on which code locked first. A lock that no call
 * initialised and that lives outside static storage (a std::mutex member, whose
 * constructor is constexpr) gets the class of the call site that first locks it, named
 * after that code (src/lock_sites.c). Which site that is depends on the order the
 * program ran in: the same inversion between two members is "mutex@Ledger::deposit()"
 * and "mutex@Ledger::deposit()~2" when a test of deposit() runs first, and
 * "mutex@Ledger::audit()" and "mutex@Ledger::audit()~2" when one of audit() does.
 *
 * What does not change with the order is the code that takes those locks. So the
 * fingerprint (src/report_once.c) takes, instead of such classes' names, their number
 * and the places where the report shows them taken: in a cycle, the function where
 * each link of the chain took its class (each dependency of the cycle, whichever one
 * closed it); in a report without a chain, the function at each lock's "at:". A
 * function is named without its offset and without GCC's clone suffixes, as a class
 * is: an edit elsewhere in it or another optimisation level keeps the fingerprint.
 */
#define FINGERPRINT_PLACES_MAX	32	/* distinct places kept; more are not told apart */

/* A class name as printed without its #version (len bytes): whether it is the name of
 * a call site that named its class after a first lock, and not one a rule gave. */
static bool class_named_by_first_use(const char *name, size_t len)
{
	bool found = false;

	internal_lock(&lock_sites_mutex);
	for (unsigned int i = 0; i < nr_lock_sites && !found; i++) {
		const struct lock_site *site = &lock_sites[i];

		found = READ_ONCE(site->first_use) && site->base && site->name &&
			!strncmp(site->name, name, len) && !site->name[len] &&
			!strncmp(site->name, site->base, strlen(site->base));
	}
	internal_unlock(&lock_sites_mutex);
	return found;
}

/* A function of a place, "bank::Ledger::audit() [clone .isra.0]", hashed without its
 * clone suffixes. */
static u64 fingerprint_place_hash(const char *function, size_t len)
{
	const char *clone = memmem(function, len, " [clone ", strlen(" [clone "));

	return report_hash_text(function, clone ? (size_t)(clone - function) : len);
}

static bool fingerprint_first_use(const char *class_name)
{
	return class_name && report_name_first_use(class_name, strlen(class_name));
}

/* Adds a place to the set, once. */
static void fingerprint_place_add(u64 *places, unsigned int *nr, u64 place)
{
	for (unsigned int i = 0; i < *nr; i++)
		if (places[i] == place)
			return;
	if (*nr < FINGERPRINT_PLACES_MAX)
		places[(*nr)++] = place;
}

/* The chain's links that take a class named after its first lock: each at its place
 * out of the locking plumbing (report_stack_place()). */
static void fingerprint_chain_places(u64 *places, unsigned int *nr)
{
	const struct report_record *r = &report_record;

	for (unsigned int i = 0; i < r->nr_stacks; i++) {
		const struct report_stack *stack = &r->stacks[i];
		const struct report_frame *place = report_stack_place(r->frames, stack);
		const char *function;

		if (!stack->chain_link || !place || !fingerprint_first_use(stack->class_name))
			continue;
		function = place->function ?: place->object ?: "";
		fingerprint_place_add(places, nr, fingerprint_place_hash(function,
									 strlen(function)));
	}
}

/* The locks of such classes the report shows, each by the function of its "at:"
 * ("bank::Ledger::audit()+0x15 (src/bank.cc:12)"), without its offset. */
static void fingerprint_lock_places(u64 *places, unsigned int *nr)
{
	const struct report_record *r = &report_record;

	for (unsigned int i = 0; i < r->nr_locks; i++) {
		const struct report_lock *lock = &r->locks[i];
		const char *offset;

		if (!lock->site || !fingerprint_first_use(lock->class_name))
			continue;
		offset = strstr(lock->site, "+0x");
		fingerprint_place_add(places, nr, fingerprint_place_hash(lock->site,
				offset ? (size_t)(offset - lock->site) : strlen(lock->site)));
	}
}

static u64 report_first_use_places(void)
{
	u64 places[FINGERPRINT_PLACES_MAX], h = 0;
	unsigned int nr = 0;

	fingerprint_chain_places(places, &nr);
	if (!nr)
		fingerprint_lock_places(places, &nr);
	/* A sum: a set, in whatever order the report shows it. */
	for (unsigned int i = 0; i < nr; i++)
		h += report_hash_member(places[i]);
	return h;
}
