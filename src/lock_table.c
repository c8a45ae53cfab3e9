/*
 * The side table: lockdep's per-lock state (a struct lockdep_map) for each pthread
 * lock, keyed by the lock's address, so pthread_mutex_t and pthread_rwlock_t keep
 * glibc's size and layout. Lookups are on every lock and unlock: they take no lock.
 * Entries are never given back (src/arena.c), only reused, so a pointer to one stays
 * valid memory, and an entry's lock field alone says which lock it serves now. Slot
 * arrays are replaced when the table grows or sheds tombstones; a replaced array is
 * never unmapped, only emptied and its pages given back (lock_slots_retire()), so a
 * look-up needs no guard to read one (lock_cache_refill()).
 */
enum lock_kind {
	LOCK_KIND_MUTEX,
	LOCK_KIND_RWLOCK,
	LOCK_KIND_SPIN,
	LOCK_KIND_MAP,		/* the program's own lock (src/lock_map.c) */
	LOCK_KIND_ONCE,		/* a once-init, as a wait (src/once.c) */
	LOCK_KIND_SEMAPHORE,	/* a binary semaphore used as a lock (src/semaphores.c) */
	LOCK_KIND_NONE,		/* an entry that serves no lock (lock_table_remove()) */
};

struct lock_entry {
	const void *lock;		/* the user's lock; NULL while the entry is free */
	int fresh_tid;			/* its initialiser's until its first acquisition */
	struct lockdep_map map;
	struct lock_entry *next_free;
	enum lock_kind kind;		/* how glibc records the lock's holder */
	int read_mode;			/* lockdep's read argument for shared acquires */
	bool own_key_registered;	/* own_key is the lock's class, for its lifetime */
	u32 serial;			/* this lock's, never 0, not another's at its address */
	int sem_use;			/* a semaphore's, src/semaphores.c */
	struct instance_vertex instance[2];	/* its vertices in the instance graph, taken
						 * to write and to read (src/instance_nesting.c) */
	struct lock_class_key own_key;
	struct ended_holder *ended_holder;	/* held by a thread that ended, src/ended_holders.c */
	int ended_tid;			/* that thread's id, and whether it read-held the lock: */
	bool ended_read;		/* readable without owning the record */
};

/* Entries come in chunks that are never freed, listed for liblockdep_lock_of_map(). */
struct lock_entry_chunk {
	struct lock_entry_chunk *next;
	struct lock_entry entries[256];
};

/* Its mask never changes, and its first page, which holds it, is never emptied by
 * madvise(): a look-up that reads an array replaced meanwhile stays inside it. */
struct lock_slots {
	unsigned long mask;
	struct lock_slots *next_retired;
	struct lock_entry *slot[];
};

#define LOCK_TABLE_MIN_SIZE	1024

/*
 * An entry that serves no lock (none lies at address 1): a removed lock's slot in
 * the table (a tombstone) and an unused one of a thread's cache name it, which
 * spares look-ups a test.
 */
static const struct lock_entry lock_entry_none = { .lock = (const void *)1 };
#define LOCK_ENTRY_TOMBSTONE	((struct lock_entry *)&lock_entry_none)

/* The table before its first lock: one empty slot, so a look-up needs no test. */
static union {
	struct lock_slots slots;
	char bytes[sizeof(struct lock_slots) + sizeof(struct lock_entry *)];
} no_lock_slots;

static struct lock_slots *lock_slots = &no_lock_slots.slots;
/* Replaced arrays, emptied, to be used again, by log2 of their size. */
static struct lock_slots *retired_lock_slots[BITS_PER_LONG];
static unsigned long lock_slots_used;	/* live entries plus tombstones */
static unsigned long lock_slots_live;
static struct lock_entry *free_lock_entries;
static struct lock_entry_chunk *lock_entry_chunks;
static u32 last_lock_serial;
static pthread_mutex_t lock_table_mutex = PTHREAD_MUTEX_INITIALIZER;

/*
 * The table's: the product's bits folded down, then its low ones. The top bits
 * alone cluster under linear probing for some strides between locks (heap mutexes
 * 48 bytes apart took 4.6 probes a look-up at a third full, 1.3 this way, as
 * random places would).
 */
static inline unsigned long lock_slot_hash(const void *lock, unsigned long mask)
{
	unsigned long h = (unsigned long)lock * 0xD6E8FEB86659FD93UL;

	return (h ^ (h >> 29)) & mask;
}

/*
 * Each thread remembers the entries it used last, by lock address, so a lock taken
 * again skips the table. Entries are never freed and an entry's lock field names the
 * lock it serves now, so that field alone tells whether a remembered entry is still
 * the lock's: removal clears it, and reuse for another lock changes it. An unused
 * slot names lock_entry_none. A miss costs a look-up in the table, not a cliff
 * (lock_cache_refill()). The cache is in the thread's task (linux/sched.h), empty as
 * the thread starts.
 */
#define LOCK_CACHE_EMPTY	{ [0 ... (1 << LOCK_CACHE_BITS) - 1] = LOCK_ENTRY_TOMBSTONE }

/*
 * The top bits of the address's low 32 times a constant: two instructions (a 32-bit
 * multiply takes its constant as an immediate). The constant was searched for one
 * that puts locks at a fixed stride in as many slots as there are locks: 16 and 32
 * locks 8 to 4,096 bytes apart (every multiple of 8 up to 128, and the usual
 * structure sizes and powers of two beyond) in 16 and 32 slots, 64 locks in 59 of
 * the 64 (random places: 40), where the golden ratio's 64-bit constant put 16 locks
 * 96 bytes apart (a mutex in a structure of 96 bytes) in 8 slots and 48 bytes apart
 * in 6 (docs/cost.md has the table).
 */
static inline struct lock_entry **lock_cache_slot(const void *lock)
{
	return &current->lock_cache[(u32)(unsigned long)lock * 0xCF2FBAE1U >> (32 - LOCK_CACHE_BITS)];
}

static inline struct lock_entry *lock_cache_find(const void *lock)
{
	struct lock_entry *e = *lock_cache_slot(lock);

	return READ_ONCE(e->lock) == lock ? e : NULL;
}

/*
 * Lock-free, and safe without a guard: the array read may be one replaced meanwhile,
 * being emptied or used again, but it is mapped and every slot in it holds NULL, a
 * tombstone or an entry, and an entry whose lock is this one is this lock's entry.
 * Such a look-up may miss a lock that is there; in an RCU read section it does not
 * (a replaced array is emptied only after a grace period). One round of the array
 * at most ends a look-up in an array that fills and empties under it.
 */
static __always_inline struct lock_entry *lock_table_find(const void *lock)
{
	struct lock_slots *t = __atomic_load_n(&lock_slots, __ATOMIC_ACQUIRE);
	unsigned long mask = t->mask, i = lock_slot_hash(lock, mask), n = mask;
	struct lock_entry *e;

	for (;;) {
		e = __atomic_load_n(&t->slot[i], __ATOMIC_RELAXED);
		if (likely(e) && likely(__atomic_load_n(&e->lock, __ATOMIC_ACQUIRE) == lock))
			return e;
		if (!e || !n--)
			return NULL;
		i = (i + 1) & mask;
	}
}

/*
 * A lock the thread has not used lately, from the table, without entering liblockdep
 * and without a guard, so that a program whose working set of locks outgrows the
 * cache pays about what a hit costs. NULL when the table has none (a first use,
 * which the slow way records) or the look-up missed it (the slow way finds it).
 */
static __always_inline struct lock_entry *lock_cache_refill(const void *lock)
{
	struct lock_entry *e = lock_table_find(lock);

	if (e)
		*lock_cache_slot(lock) = e;
	return e;
}

static size_t lock_slots_bytes(unsigned long size)
{
	return sizeof(struct lock_slots) + size * sizeof(struct lock_entry *);
}

/* Under lock_table_mutex: an empty array, a replaced one if there is one. */
static struct lock_slots *lock_slots_alloc(unsigned long size)
{
	struct lock_slots **retired = &retired_lock_slots[__builtin_ctzl(size)];
	struct lock_slots *t = *retired;

	if (t) {
		*retired = t->next_retired;
		return t;
	}
	t = liblockdep_pages_alloc(lock_slots_bytes(size));
	if (t)
		t->mask = size - 1;
	return t;
}

/*
 * After a grace period, a replaced array: emptied, its pages but the first given
 * back, kept for an array of its size. Never unmapped: look-ups without a guard
 * may still read it (lock_table_find()).
 */
static void lock_slots_retire(struct lock_slots *t)
{
	size_t page = (size_t)getpagesize(), bytes = lock_slots_bytes(t->mask + 1);
	struct lock_slots **retired = &retired_lock_slots[__builtin_ctzl(t->mask + 1)];
	unsigned long in_first_page = (page - offsetof(struct lock_slots, slot)) / sizeof(t->slot[0]);

	for (unsigned long i = 0; i <= t->mask && i < in_first_page; i++)
		__atomic_store_n(&t->slot[i], NULL, __ATOMIC_RELAXED);
	if (bytes > page)
		madvise((char *)t + page, bytes - page, MADV_DONTNEED);
	internal_lock(&lock_table_mutex);
	t->next_retired = *retired;
	*retired = t;
	internal_unlock(&lock_table_mutex);
}

static void lock_slots_put(struct lock_slots *t, struct lock_entry *e)
{
	unsigned long i = lock_slot_hash(e->lock, t->mask);

	while (t->slot[i] && t->slot[i] != LOCK_ENTRY_TOMBSTONE)
		i = (i + 1) & t->mask;
	if (!t->slot[i])
		lock_slots_used++;
	__atomic_store_n(&t->slot[i], e, __ATOMIC_RELEASE);
}

/*
 * Keeps the table at most half full, counting tombstones. Returns the array that
 * readers may still be using, for the caller to retire after a grace period.
 */
static struct lock_slots *lock_slots_make_room(void)
{
	struct lock_slots *old = lock_slots, *t;
	unsigned long size = LOCK_TABLE_MIN_SIZE;

	if (2 * (lock_slots_used + 1) <= old->mask + 1)
		return NULL;
	while (size < 4 * (lock_slots_live + 1))
		size *= 2;
	t = lock_slots_alloc(size);
	if (!t)
		return NULL;
	lock_slots_used = 0;
	for (unsigned long i = 0; i <= old->mask; i++)
		if (old->slot[i] && old->slot[i] != LOCK_ENTRY_TOMBSTONE)
			lock_slots_put(t, old->slot[i]);
	__atomic_store_n(&lock_slots, t, __ATOMIC_RELEASE);
	return old != &no_lock_slots.slots ? old : NULL;
}

static struct lock_entry *lock_entry_alloc(void)
{
	struct lock_entry_chunk *chunk;
	struct lock_entry *e = free_lock_entries;

	if (e) {
		free_lock_entries = e->next_free;
		return e;
	}
	chunk = liblockdep_alloc(sizeof(*chunk));
	if (!chunk)
		return NULL;
	/* Entry 0 is the caller's; the rest wait on the free list. */
	for (size_t i = 1; i < ARRAY_SIZE(chunk->entries); i++) {
		chunk->entries[i].next_free = free_lock_entries;
		free_lock_entries = &chunk->entries[i];
	}
	chunk->next = lock_entry_chunks;
	__atomic_store_n(&lock_entry_chunks, chunk, __ATOMIC_RELEASE);
	return &chunk->entries[0];
}

/* Under lock_table_mutex. A new lock was nested inside no other. */
static void lock_entry_new_serial(struct lock_entry *e)
{
	e->serial = ++last_lock_serial ?: ++last_lock_serial;
	instance_vertices_renew(e->instance, ARRAY_SIZE(e->instance));
}

typedef void (*lock_entry_setup_fn)(struct lock_entry *e, void *arg);

/*
 * Finds the entry for lock, or creates it with setup(). With replace, an existing
 * entry is set up again: a lock initialised anew at the same address must not keep
 * the old lock's class. NULL only when memory runs out.
 */
static struct lock_entry *lock_table_add(const void *lock, bool replace,
					 lock_entry_setup_fn setup, void *arg)
{
	struct lock_slots *retired = NULL;
	int saved_errno = errno;
	struct lock_entry *e;

	internal_lock(&lock_table_mutex);
	e = lock_table_find(lock);
	if (!e) {
		retired = lock_slots_make_room();
		e = lock_slots != &no_lock_slots.slots ? lock_entry_alloc() : NULL;
		if (e) {
			memset(&e->map, 0, sizeof(e->map));
			setup(e, arg);
			lock_entry_new_serial(e);
			/* Its fields before it, for a look-up that meets it in an
			 * array where it served another lock. */
			__atomic_store_n(&e->lock, lock, __ATOMIC_RELEASE);
			lock_slots_put(lock_slots, e);
			lock_slots_live++;
			lock_places_note(lock, 1);
		}
	} else if (replace) {
		setup(e, arg);
		lock_entry_new_serial(e);
	}
	internal_unlock(&lock_table_mutex);
	if (retired) {
		synchronize_rcu();
		lock_slots_retire(retired);
	}
	errno = saved_errno;
	return e;
}

static void lock_table_remove(const void *lock)
{
	struct lock_slots *t;
	struct lock_entry *e;
	unsigned long i;

	internal_lock(&lock_table_mutex);
	t = lock_slots;
	for (i = lock_slot_hash(lock, t->mask); (e = t->slot[i]); i = (i + 1) & t->mask) {
		if (e != LOCK_ENTRY_TOMBSTONE && e->lock == lock) {
			__atomic_store_n(&t->slot[i], LOCK_ENTRY_TOMBSTONE, __ATOMIC_RELEASE);
			/* Of no kind first: a held map's record then never looks like a
			 * lock that is still there (held_locks_all_ours()). */
			WRITE_ONCE(e->kind, LOCK_KIND_NONE);
			WRITE_ONCE(e->lock, NULL);
			e->next_free = free_lock_entries;
			free_lock_entries = e;
			lock_slots_live--;
			lock_places_note(lock, -1);
			/* Its nestings go with it (src/instance_graph.c). */
			instance_vertices_renew(e->instance, ARRAY_SIZE(e->instance));
			break;
		}
	}
	internal_unlock(&lock_table_mutex);
}

/* The user's lock whose lockdep_map this is, or map itself if it is not one of ours. */
static const void *liblockdep_lock_of_map(const void *map)
{
	struct lock_entry_chunk *chunk = __atomic_load_n(&lock_entry_chunks, __ATOMIC_ACQUIRE);

	for (; chunk; chunk = chunk->next) {
		unsigned long offset = (unsigned long)map - (unsigned long)chunk->entries;

		if (offset < sizeof(chunk->entries) &&
		    offset % sizeof(struct lock_entry) == offsetof(struct lock_entry, map)) {
			const void *lock = READ_ONCE(chunk->entries[offset / sizeof(struct lock_entry)].lock);

			return lock ? lock : map;
		}
	}
	return map;
}
