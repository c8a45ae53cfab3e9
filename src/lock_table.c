/*
 * The side table: lockdep's per-lock state (a struct lockdep_map) for each pthread
 * lock, keyed by the lock's address, so pthread_mutex_t and pthread_rwlock_t keep
 * glibc's size and layout. Lookups are on every lock and unlock: they take no lock,
 * only an RCU read section (the slot array is replaced when it grows). Entries are
 * never given back (src/arena.c), only reused, so a pointer to one stays valid memory.
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

struct lock_slots {
	unsigned long mask;
	unsigned int shift;
	struct lock_entry *slot[];
};

#define LOCK_TABLE_MIN_SIZE	1024
#define LOCK_ENTRY_TOMBSTONE	((struct lock_entry *)1)

static struct lock_slots *lock_slots;
static unsigned long lock_slots_used;	/* live entries plus tombstones */
static unsigned long lock_slots_live;
static struct lock_entry *free_lock_entries;
static struct lock_entry_chunk *lock_entry_chunks;
static u32 last_lock_serial;
static pthread_mutex_t lock_table_mutex = PTHREAD_MUTEX_INITIALIZER;

/* A multiplicative hash of the lock's address: its top 64 - @shift bits. */
static inline unsigned long lock_hash(const void *lock, unsigned int shift)
{
	return ((unsigned long)lock * 0x9E3779B97F4A7C15UL) >> shift;
}

static unsigned long lock_slot_hash(const struct lock_slots *t, const void *lock)
{
	return lock_hash(lock, t->shift);
}

/*
 * Each thread remembers the entries it used last, by lock address, so a lock taken
 * again skips the table and its RCU section. Entries are never freed and an entry's
 * lock field names the lock it serves now, so that field alone tells whether a
 * remembered entry is still the lock's: removal clears it, and reuse for another
 * lock changes it.
 */
#define LOCK_CACHE_BITS		6
/* An unused slot names an entry that serves no lock (none lies at address 1), which
 * spares the lookup a test for NULL. */
static const struct lock_entry lock_cache_unused = { .lock = (const void *)1 };
static __thread struct lock_entry *lock_cache[1 << LOCK_CACHE_BITS] = {
	[0 ... (1 << LOCK_CACHE_BITS) - 1] = (struct lock_entry *)&lock_cache_unused,
};

static inline struct lock_entry **lock_cache_slot(const void *lock)
{
	return &lock_cache[lock_hash(lock, 64 - LOCK_CACHE_BITS)];
}

static inline struct lock_entry *lock_cache_find(const void *lock)
{
	struct lock_entry *e = *lock_cache_slot(lock);

	return READ_ONCE(e->lock) == lock ? e : NULL;
}

/* Lock-free; the caller is in an RCU read section. */
static struct lock_entry *lock_table_find(const void *lock)
{
	struct lock_slots *t = __atomic_load_n(&lock_slots, __ATOMIC_ACQUIRE);
	struct lock_entry *e;
	unsigned long i;

	if (unlikely(!t))
		return NULL;
	for (i = lock_slot_hash(t, lock);; i = (i + 1) & t->mask) {
		e = __atomic_load_n(&t->slot[i], __ATOMIC_ACQUIRE);
		if (!e)
			return NULL;
		if (e != LOCK_ENTRY_TOMBSTONE && READ_ONCE(e->lock) == lock)
			return e;
	}
}

/*
 * A lock the thread has not used lately, from the table, without entering liblockdep:
 * for a thread entered before (its RCU reader is set up, no preparation is due), so
 * that a program whose working set of locks outgrows the cache only pays this
 * look-up. NULL when the table has none (a first use, which the slow way records).
 */
static struct lock_entry *lock_cache_refill(const void *lock)
{
	struct lock_entry *e;

	if (unlikely(!READ_ONCE(current->entry_ready)))
		return NULL;
	liblockdep_rcu_read_lock();
	e = lock_table_find(lock);
	liblockdep_rcu_read_unlock();
	if (e)
		*lock_cache_slot(lock) = e;
	return e;
}

static size_t lock_slots_bytes(unsigned long size)
{
	return sizeof(struct lock_slots) + size * sizeof(struct lock_entry *);
}

static struct lock_slots *lock_slots_alloc(unsigned long size)
{
	struct lock_slots *t = liblockdep_pages_alloc(lock_slots_bytes(size));

	if (t) {
		t->mask = size - 1;
		t->shift = 64 - __builtin_ctzl(size);
	}
	return t;
}

static void lock_slots_put(struct lock_slots *t, struct lock_entry *e)
{
	unsigned long i = lock_slot_hash(t, e->lock);

	while (t->slot[i] && t->slot[i] != LOCK_ENTRY_TOMBSTONE)
		i = (i + 1) & t->mask;
	if (!t->slot[i])
		lock_slots_used++;
	__atomic_store_n(&t->slot[i], e, __ATOMIC_RELEASE);
}

/*
 * Keeps the table at most half full, counting tombstones. Returns the array that
 * readers may still be using, for the caller to free after a grace period.
 */
static struct lock_slots *lock_slots_make_room(void)
{
	struct lock_slots *old = lock_slots, *t;
	unsigned long size = LOCK_TABLE_MIN_SIZE;

	if (old && 2 * (lock_slots_used + 1) <= old->mask + 1)
		return NULL;
	while (size < 4 * (lock_slots_live + 1))
		size *= 2;
	t = lock_slots_alloc(size);
	if (!t)
		return NULL;
	lock_slots_used = 0;
	for (unsigned long i = 0; old && i <= old->mask; i++)
		if (old->slot[i] && old->slot[i] != LOCK_ENTRY_TOMBSTONE)
			lock_slots_put(t, old->slot[i]);
	__atomic_store_n(&lock_slots, t, __ATOMIC_RELEASE);
	return old;
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
		e = lock_slots ? lock_entry_alloc() : NULL;
		if (e) {
			memset(&e->map, 0, sizeof(e->map));
			setup(e, arg);
			lock_entry_new_serial(e);
			e->lock = lock;
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
		liblockdep_pages_free(retired, lock_slots_bytes(retired->mask + 1));
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
	for (i = t ? lock_slot_hash(t, lock) : 0; t && (e = t->slot[i]); i = (i + 1) & t->mask) {
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
