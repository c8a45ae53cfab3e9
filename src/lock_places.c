/*
 * Where in memory the side table's locks live: a summary kept beside the table, so
 * that free(), munmap() and dlclose() can tell at once whether the memory going away
 * holds any lock liblockdep knows (src/freed_memory.c), and find those locks without
 * scanning the table. The table has the exact answer; this summary only says where
 * to ask: hashed counters at three sizes (2 MiB regions, pages, 64-byte granules),
 * where two places sharing a counter cost a useless lookup, never a missed lock.
 * A granule's counter has a slot per 4 bytes (a spin lock is an int), and a bit per
 * slot says which are not zero: one load tells whether a small block may hold a
 * lock, and a lookup goes to the table only for the slots where one may start.
 *
 * Written by the table's writers (under its mutex), read by any thread without a
 * lock: a lock entered by one thread and freed by another was handed over by the
 * program's own synchronisation, which orders the counter's update before the free.
 */
#define LOCK_PLACE_GRANULE_SHIFT	6
#define LOCK_PLACE_GRANULE_BITS		12	/* log2 of the granules' counters */
#define LOCK_PLACE_SLOT_SHIFT		2
#define LOCK_PLACE_SLOTS		(1 << (LOCK_PLACE_GRANULE_SHIFT - LOCK_PLACE_SLOT_SHIFT))

/* Per granule counter: a count per slot, and a bit per slot that is not 0. */
static unsigned int lock_place_granules[(1 << LOCK_PLACE_GRANULE_BITS) * LOCK_PLACE_SLOTS];
static unsigned short lock_place_granule_slots[1 << LOCK_PLACE_GRANULE_BITS];

/* The coarser sizes, finest first: a count per page, per 2 MiB. */
struct lock_place_level {
	unsigned int shift;		/* log2 of the size of memory one counter covers */
	unsigned int hash_bits;
	unsigned int *counts;
};

static unsigned int lock_place_pages[1 << 12];
static unsigned int lock_place_regions[1 << 10];

static const struct lock_place_level lock_place_levels[] = {
	{ LOCK_PLACE_GRANULE_SHIFT, LOCK_PLACE_GRANULE_BITS, NULL },
	{ 12, 12, lock_place_pages },
	{ 21, 10, lock_place_regions },
};

/* Locks in the table: the one load of a free() while there is none. */
static unsigned long lock_places_total;

static inline unsigned long lock_place_hash(const struct lock_place_level *level,
					    unsigned long addr)
{
	return hash_long(addr >> level->shift, level->hash_bits);
}

static inline bool lock_places_none(void)
{
	return !__atomic_load_n(&lock_places_total, __ATOMIC_RELAXED);
}

static inline void lock_place_count(unsigned int *count, int delta)
{
	__atomic_store_n(count, *count + delta, __ATOMIC_RELAXED);
}

/* The table gained (+1) or lost (-1) the lock at @lock; the caller holds its mutex. */
static void lock_places_note(const void *lock, int delta)
{
	unsigned long addr = (unsigned long)lock;
	unsigned long granule = lock_place_hash(&lock_place_levels[0], addr);
	unsigned int slot = (addr >> LOCK_PLACE_SLOT_SHIFT) % LOCK_PLACE_SLOTS;
	unsigned int *count = &lock_place_granules[granule * LOCK_PLACE_SLOTS + slot];
	unsigned short *slots = &lock_place_granule_slots[granule];

	lock_place_count(count, delta);
	__atomic_store_n(slots, *count ? *slots | 1U << slot : *slots & ~(1U << slot),
			 __ATOMIC_RELAXED);
	for (size_t i = 1; i < ARRAY_SIZE(lock_place_levels); i++)
		lock_place_count(&lock_place_levels[i].counts[lock_place_hash(&lock_place_levels[i], addr)],
				 delta);
	__atomic_store_n(&lock_places_total, lock_places_total + delta, __ATOMIC_RELAXED);
}

typedef void (*lock_place_visit_fn)(unsigned long addr, void *arg);

/* The slots in [from, to), within one granule, that are not 0: a lock starts at the
 * start of its slot (every lock type is aligned to 4 bytes at least). */
static void lock_places_visit_granule(unsigned long from, unsigned long to,
				      lock_place_visit_fn visit, void *arg)
{
	unsigned long granule = lock_place_hash(&lock_place_levels[0], from);
	unsigned long base = from & ~((1UL << LOCK_PLACE_GRANULE_SHIFT) - 1);
	unsigned int first = (from >> LOCK_PLACE_SLOT_SHIFT) % LOCK_PLACE_SLOTS;
	unsigned int last = ((to - 1) >> LOCK_PLACE_SLOT_SHIFT) % LOCK_PLACE_SLOTS;
	unsigned int slots = __atomic_load_n(&lock_place_granule_slots[granule], __ATOMIC_RELAXED);

	for (slots &= (2U << last) - (1U << first); slots; slots &= slots - 1) {
		unsigned long addr = base + ((unsigned long)__builtin_ctz(slots) << LOCK_PLACE_SLOT_SHIFT);

		if (addr >= from)
			visit(addr, arg);
	}
}

/* [from, to) at @level: only the units whose counter is not zero are looked into. */
static void lock_places_visit_level(size_t level_nr, unsigned long from, unsigned long to,
				    lock_place_visit_fn visit, void *arg)
{
	const struct lock_place_level *level = &lock_place_levels[level_nr];

	for (unsigned long unit = from >> level->shift; from < to; unit++) {
		unsigned long end = (unit + 1) << level->shift;

		if (!end || end > to)
			end = to;
		if (!level_nr)
			lock_places_visit_granule(from, end, visit, arg);
		else if (__atomic_load_n(&level->counts[lock_place_hash(level, from)],
					 __ATOMIC_RELAXED))
			lock_places_visit_level(level_nr - 1, from, end, visit, arg);
		from = end;
	}
}

/*
 * Whether [from, from + len), len > 0, may hold a lock of the table: not while it has
 * none, nor, in most frees, a small block in one granule or two whose counters say
 * at once that no lock starts in either. Inline: this is all such a free() costs.
 */
static __always_inline bool lock_places_maybe(const void *from, unsigned long len)
{
	unsigned long start = (unsigned long)from;

	if (lock_places_none())
		return false;
	return len > 1UL << LOCK_PLACE_GRANULE_SHIFT ||
	       (__atomic_load_n(&lock_place_granule_slots[lock_place_hash(&lock_place_levels[0], start)],
				__ATOMIC_RELAXED) |
		__atomic_load_n(&lock_place_granule_slots[lock_place_hash(&lock_place_levels[0],
									  start + len - 1)],
				__ATOMIC_RELAXED));
}

/*
 * Calls @visit for each address in [from, from + len) where a lock of the table may
 * be (the caller asks the table), looking first at the coarsest size that splits
 * the range into a few pieces. Takes no lock and allocates nothing.
 */
static void lock_places_visit(const void *from, unsigned long len,
			      lock_place_visit_fn visit, void *arg)
{
	unsigned long start = (unsigned long)from, end = start + len;
	size_t level_nr = 0;

	if (!len || !lock_places_maybe(from, len))
		return;
	if (end < start)
		end = ULONG_MAX;
	while (level_nr + 1 < ARRAY_SIZE(lock_place_levels) &&
	       (len >> lock_place_levels[level_nr].shift) > 8)
		level_nr++;
	lock_places_visit_level(level_nr, start, end, visit, arg);
}
