/*
 * Where in memory the side table's locks live: a summary kept beside the table, so
 * that free(), munmap() and dlclose() can tell at once whether the memory going away
 * holds any lock liblockdep knows (src/freed_memory.c), and find those locks without
 * scanning the table. The table has the exact answer; this summary only says where
 * to ask: hashed counters at three sizes (2 MiB regions, pages, 64-byte granules),
 * where two places sharing a counter cost a useless lookup, never a missed lock.
 * A granule's counter has a slot per 4 bytes (a spin lock is an int), so a lookup
 * goes to the table only for the 4 bytes where a lock may be.
 *
 * Written by the table's writers (under its mutex), read by any thread without a
 * lock: a lock entered by one thread and freed by another was handed over by the
 * program's own synchronisation, which orders the counter's update before the free.
 */
#define LOCK_PLACE_GRANULE_SHIFT	6
#define LOCK_PLACE_SLOT_SHIFT		2
#define LOCK_PLACE_SLOTS		(1 << (LOCK_PLACE_GRANULE_SHIFT - LOCK_PLACE_SLOT_SHIFT))

struct lock_place_level {
	unsigned int shift;		/* log2 of the size of memory one counter covers */
	unsigned int hash_bits;
	unsigned int *counts;		/* the granule level: LOCK_PLACE_SLOTS per counter */
};

static unsigned int lock_place_granules[(1 << 12) * LOCK_PLACE_SLOTS];
static unsigned int lock_place_pages[1 << 12];
static unsigned int lock_place_regions[1 << 10];

/* Finest first. */
static const struct lock_place_level lock_place_levels[] = {
	{ LOCK_PLACE_GRANULE_SHIFT, 12, lock_place_granules },
	{ 12, 12, lock_place_pages },
	{ 21, 10, lock_place_regions },
};

/* Locks in the table: the one load of a free() while there is none. */
static unsigned long lock_places_total;

static inline unsigned int *lock_place_counter(const struct lock_place_level *level,
					       unsigned long unit)
{
	unsigned long i = hash_long(unit, level->hash_bits);

	return &level->counts[level == lock_place_levels ? i * LOCK_PLACE_SLOTS : i];
}

static inline bool lock_places_none(void)
{
	return !__atomic_load_n(&lock_places_total, __ATOMIC_RELAXED);
}

/* The table gained (+1) or lost (-1) the lock at @lock; the caller holds its mutex. */
static void lock_places_note(const void *lock, int delta)
{
	unsigned long addr = (unsigned long)lock;

	for (size_t i = 0; i < ARRAY_SIZE(lock_place_levels); i++) {
		const struct lock_place_level *level = &lock_place_levels[i];
		unsigned int *count = lock_place_counter(level, addr >> level->shift);

		if (!i)
			count += (addr >> LOCK_PLACE_SLOT_SHIFT) % LOCK_PLACE_SLOTS;
		__atomic_store_n(count, *count + delta, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&lock_places_total, lock_places_total + delta, __ATOMIC_RELAXED);
}

typedef void (*lock_place_visit_fn)(unsigned long addr, void *arg);

/* The 4-byte slots of one granule in [from, to) where a lock may be. */
static void lock_places_visit_granule(unsigned long from, unsigned long to,
				      lock_place_visit_fn visit, void *arg)
{
	const unsigned int *slots = lock_place_counter(lock_place_levels,
						       from >> LOCK_PLACE_GRANULE_SHIFT);

	for (unsigned long addr = from; addr < to; addr++)
		if (__atomic_load_n(&slots[(addr >> LOCK_PLACE_SLOT_SHIFT) % LOCK_PLACE_SLOTS],
				    __ATOMIC_RELAXED))
			visit(addr, arg);
		else
			addr |= (1UL << LOCK_PLACE_SLOT_SHIFT) - 1;
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
		else if (__atomic_load_n(lock_place_counter(level, unit), __ATOMIC_RELAXED))
			lock_places_visit_level(level_nr - 1, from, end, visit, arg);
		from = end;
	}
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

	if (lock_places_none() || !len)
		return;
	if (end < start)
		end = ULONG_MAX;
	while (level_nr + 1 < ARRAY_SIZE(lock_place_levels) &&
	       (len >> lock_place_levels[level_nr].shift) > 8)
		level_nr++;
	lock_places_visit_level(level_nr, start, end, visit, arg);
}
