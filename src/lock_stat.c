/*
 * Where threads wait: the kernel's lock statistics (CONFIG_LOCK_STAT), switched on by
 * LIBLOCKDEP_STAT=1 (lockdep's own lock_stat switch, off by default here).
 *
 * Lockdep keeps them per cpu and sums the cpus when they are read; a cpu's copy is
 * only ever written by the code running on it, with interrupts off. Here a thread is
 * that cpu: each thread that enters lockdep claims a slot (one lock_class_stats per
 * class, 1.75 MiB of address space of which only the pages of classes it uses are
 * touched), writes only its own slot, and hands it back when it exits, for the next
 * thread to go on adding to. So there are as many slots as threads live at once, and
 * reading sums them all (for_each_possible_cpu(), asm/percpu.h). Slot 0 is shared:
 * threads beyond LOCK_STAT_SLOTS_MAX, and what a thread does after its exit hook,
 * count there, unserialised. A thread's slot number is also its "cpu", so lockdep's
 * bounces count a lock taken by another thread than the one that took it last.
 *
 * The wrappers tell lockdep of contention as the kernel's lock slow paths do:
 * lock_stat_blocking_call() below.
 */
#define LOCK_STAT_SLOTS_MAX	4096

static pthread_mutex_t lock_stat_mutex = PTHREAD_MUTEX_INITIALIZER;
/* Written under lock_stat_mutex; a slot is published before the count covers it. */
static struct lock_class_stats **lock_stat_slots;
static bool *lock_stat_slot_owned;
static int lock_stat_nr_slots;
static __thread int lock_stat_slot_of_thread;
/* Where the hold of an acquisition that failed goes: lock_stat_release_begin(). */
static struct lock_class_stats *lock_stat_discard;

static int lock_stat_slots_used(void)
{
	return __atomic_load_n(&lock_stat_nr_slots, __ATOMIC_ACQUIRE);
}

static struct lock_class_stats *lock_stat_slot(int slot)
{
	return lock_stat_slots[slot];
}

static int lock_stat_cpu(void)
{
	return lock_stat_slot_of_thread;
}

/* Is lockdep keeping statistics? Then every acquisition and release must reach it. */
static __always_inline bool lock_stat_enabled(void)
{
	return unlikely(lock_stat);
}

/* A slot: its classes' statistics, then room for its thread's hold stamps while
 * lockdep moves its held locks (lock_stat_release_begin()). */
static size_t lock_stat_slot_size(void)
{
	return sizeof(struct lock_class_stats) * MAX_LOCKDEP_KEYS + sizeof(u64) * MAX_LOCK_DEPTH;
}

/* The thread's own stamps room, or NULL in the shared slot 0. */
static u64 *lock_stat_hold_since(void)
{
	if (!lock_stat_slot_of_thread)
		return NULL;
	return (u64 *)((char *)lock_stat_slots[lock_stat_slot_of_thread] +
		       sizeof(struct lock_class_stats) * MAX_LOCKDEP_KEYS);
}

/* A new slot, or NULL when out of slots or memory. Under lock_stat_mutex. */
static struct lock_class_stats *lock_stat_slot_new(void)
{
	struct lock_class_stats *stats;

	if (lock_stat_nr_slots == LOCK_STAT_SLOTS_MAX)
		return NULL;
	stats = liblockdep_pages_alloc(lock_stat_slot_size());
	if (!stats)
		return NULL;
	lock_stat_slots[lock_stat_nr_slots] = stats;
	__atomic_store_n(&lock_stat_nr_slots, lock_stat_nr_slots + 1, __ATOMIC_RELEASE);
	return stats;
}

/* From the settings (src/settings.c): with statistics on, the table of slots and the
 * shared slot 0. Lockdep's own switch says whether they are kept. */
static void lock_stat_start(bool on)
{
	lock_stat = 0;
	if (!on)
		return;
	lock_stat_slots = liblockdep_pages_alloc(LOCK_STAT_SLOTS_MAX * sizeof(*lock_stat_slots));
	lock_stat_slot_owned = liblockdep_pages_alloc(LOCK_STAT_SLOTS_MAX);
	lock_stat_discard = liblockdep_pages_alloc(lock_stat_slot_size());
	if (!lock_stat_slots || !lock_stat_slot_owned || !lock_stat_discard || !lock_stat_slot_new())
		return;
	lock_stat_slot_owned[0] = true;
	lock_stat = 1;
}

/* The thread's first entry into liblockdep (src/task.c): a slot, free or new. */
static void lock_stat_thread_start(void)
{
	int slot;

	if (!lock_stat)
		return;
	internal_lock(&lock_stat_mutex);
	for (slot = 1; slot < lock_stat_nr_slots && lock_stat_slot_owned[slot]; slot++)
		;
	if (slot == lock_stat_nr_slots && !lock_stat_slot_new())
		slot = 0;
	lock_stat_slot_owned[slot] = true;
	internal_unlock(&lock_stat_mutex);
	lock_stat_slot_of_thread = slot;
	lock_stats_of_thread = (void *)lock_stat_slots[slot];
}

/* The thread's exit hook: its slot goes to the next thread, with what it counted. */
static void lock_stat_thread_exit(void)
{
	int slot = lock_stat_slot_of_thread;

	if (!lock_stat || !slot)
		return;
	lock_stat_slot_of_thread = 0;
	lock_stats_of_thread = (void *)lock_stat_slots[0];
	internal_lock(&lock_stat_mutex);
	lock_stat_slot_owned[slot] = false;
	internal_unlock(&lock_stat_mutex);
}

/* fork(), in the child: only the forking thread's slot is still owned. */
static void lock_stat_fork_child(void)
{
	for (int slot = 1; lock_stat && slot < lock_stat_nr_slots; slot++)
		lock_stat_slot_owned[slot] = slot == lock_stat_slot_of_thread;
}

/* lockdep_proc.c's vmalloc() (the lock_stat view's 1.9 MB): pages with their size
 * in front. */
static void *vmalloc(unsigned long size)
{
	size_t *p = liblockdep_pages_alloc(size + ARENA_ALIGN);

	if (!p)
		return NULL;
	*p = size + ARENA_ALIGN;
	return (char *)p + ARENA_ALIGN;
}

static void vfree(const void *addr)
{
	size_t *p = (size_t *)((char *)addr - ARENA_ALIGN);

	if (addr)
		liblockdep_pages_free(p, *p);
}

static __always_inline bool liblockdep_enter(unsigned long ip);

static bool merged_lock_counted(const struct lockdep_map *map);

/* A lock of the thread's, being acquired (lock_acquire() came first), is busy. Not
 * one merged past the depth limit, which lockdep does not record (src/merged_locks.c). */
static noinline void lock_stat_contended(struct lockdep_map *map, unsigned long ip)
{
	if (!liblockdep_enter(ip) || merged_lock_counted(map))
		return;
	lock_contended(map, ip);
	liblockdep_report_end();
}

/* ... and is now held: the wait ends, the hold begins. */
static noinline void lock_stat_acquired(struct lockdep_map *map, unsigned long ip)
{
	if (!liblockdep_enter(ip) || merged_lock_counted(map))
		return;
	lock_acquired(map, ip);
	liblockdep_report_end();
}

/*
 * ... and is not acquired after all: the wait is a contention all the same, with its
 * time, as lock_acquired() counts it. The kernel counts neither (its interrupted or
 * timed-out lock only calls lock_release()), but a hold of the wait's length and one
 * acquisition more; here the release that follows counts no hold: the record's hold
 * stamp, which lockdep sets on every acquisition, is 0 until then.
 */
static noinline void lock_stat_wait_failed(struct lockdep_map *map, unsigned long ip)
{
	struct task_struct *task = current;
	struct held_lock *hlock;
	struct lock_class_stats *stats;

	if (!liblockdep_enter(ip))
		return;
	hlock = task->lockdep_depth ? &task->held_locks[task->lockdep_depth - 1] : NULL;
	if (hlock && hlock->instance == map && hlock->waittime_stamp) {
		stats = get_lock_stats(hlock_class(hlock));
		lock_time_inc(hlock->read ? &stats->read_waittime : &stats->write_waittime,
			      lockstat_clock() - hlock->waittime_stamp);
		hlock->waittime_stamp = 0;
		hlock->holdtime_stamp = 0;
	}
	liblockdep_report_end();
}

/*
 * A wrapper's blocking call, after lockdep was told of the acquisition, as the
 * kernel's LOCK_CONTENDED_RETURN() makes it: with statistics on, try first; if the
 * lock is busy, lock_contended() before the blocking call; lock_acquired() once the
 * lock is held, lock_stat_wait_failed() when it is not. With them off, just the call.
 * busy: what try_call returns for a lock held elsewhere; acquired(ret): whether the
 * call took the lock.
 */
#define lock_stat_blocking_call(map, ip, try_call, busy, blocking_call, acquired) ({	\
	int __ret;								\
	if (!lock_stat_enabled()) {						\
		__ret = (blocking_call);					\
	} else {								\
		__ret = (try_call);						\
		if (__ret == (busy)) {						\
			lock_stat_contended(map, ip);				\
			__ret = (blocking_call);				\
			if (!acquired(__ret))					\
				lock_stat_wait_failed(map, ip);			\
		}								\
		if (acquired(__ret))						\
			lock_stat_acquired(map, ip);				\
	}									\
	__ret;									\
})

/*
 * Around lockdep's release of the lock held at pos (src/validate.c). The kernel
 * re-acquires every lock held above it (reacquire_held_locks()), and so restarts
 * their hold times: an inner lock held 400 ms, 300 of them under an outer one
 * released first, would count 100 ms. Here each keeps its own start. And a release
 * that ends a failed acquisition (lock_stat_wait_failed()) counts its hold where
 * nobody reads it.
 */
struct lock_stat_release {
	int depth;
	bool failed;	/* its hold goes to lock_stat_discard */
};

static void lock_stat_release_begin(struct lock_stat_release *r, int pos)
{
	const struct task_struct *task = current;
	u64 *since;

	r->depth = task->lockdep_depth;
	r->failed = false;
	if (!lock_stat || pos < 0)
		return;
	since = lock_stat_hold_since();
	for (int i = pos + 1; since && i < r->depth; i++)
		since[i] = task->held_locks[i].holdtime_stamp;
	if (!task->held_locks[pos].holdtime_stamp) {
		r->failed = true;
		lock_stats_of_thread = (void *)lock_stat_discard;
	}
}

/* After the release (and what moved the locks above it): each lock above pos, one
 * place lower unless the re-acquisition merged some, gets its start back. In the
 * shared slot 0 (a thread past the slots, or past its exit hook) they restart, as
 * in the kernel. */
static void lock_stat_release_end(const struct lock_stat_release *r, int pos)
{
	struct task_struct *task = current;
	u64 *since;

	if (!lock_stat || pos < 0)
		return;
	if (r->failed)
		lock_stats_of_thread = (void *)lock_stat_slots[lock_stat_slot_of_thread];
	since = lock_stat_hold_since();
	if (!since || task->lockdep_depth != r->depth - 1)
		return;
	for (int i = pos; i < task->lockdep_depth; i++)
		task->held_locks[i].holdtime_stamp = since[i + 1];
}

static inline bool lock_stat_call_ok(int ret)
{
	return ret == 0;
}

/* The kernel's "echo 0 > /proc/lock_stat", by lockdep_proc.c's own handler. */
LIBLOCKDEP_API void liblockdep_stat_reset(void)
{
	loff_t pos = 0;

	if (lock_stat)
		lock_stat_proc_ops.proc_write(NULL, "0", 1, &pos);
}

/* The table printed at exit: the classes threads waited for most. */
#define LOCK_STAT_TABLE_ROWS	8

struct lock_stat_row {
	struct lock_class *class;
	struct lock_class_stats stats;
};

static unsigned long lock_stat_contentions(const struct lock_class_stats *s)
{
	return s->read_waittime.nr + s->write_waittime.nr;
}

static s64 lock_stat_waited(const struct lock_class_stats *s)
{
	return s->read_waittime.total + s->write_waittime.total;
}

static s64 lock_stat_longest_hold(const struct lock_class_stats *s)
{
	return max(s->read_holdtime.max, s->write_holdtime.max);
}

/* Most contentions first, then the longest total wait, then the longest hold. */
static bool lock_stat_row_before(const struct lock_class_stats *a,
				 const struct lock_class_stats *b)
{
	if (lock_stat_contentions(a) != lock_stat_contentions(b))
		return lock_stat_contentions(a) > lock_stat_contentions(b);
	if (lock_stat_waited(a) != lock_stat_waited(b))
		return lock_stat_waited(a) > lock_stat_waited(b);
	return lock_stat_longest_hold(a) > lock_stat_longest_hold(b);
}

/* The top rows, in order; returns how many. */
static int lock_stat_rank(struct lock_stat_row *rows)
{
	struct lock_stat_row row;
	unsigned long idx;
	int n = 0, i;

	for (idx = 0; idx <= max_lock_class_idx && idx < MAX_LOCKDEP_KEYS; idx++) {
		if (!test_bit(idx, lock_classes_in_use))
			continue;
		row.class = &lock_classes[idx];
		row.stats = lock_stats(row.class);
		if (!row.stats.read_holdtime.nr && !row.stats.write_holdtime.nr &&
		    !lock_stat_contentions(&row.stats))
			continue;
		i = n;
		if (i == LOCK_STAT_TABLE_ROWS) {
			if (!lock_stat_row_before(&row.stats, &rows[i - 1].stats))
				continue;
			i--;		/* the last row makes room */
		} else {
			n++;
		}
		for (; i > 0 && lock_stat_row_before(&row.stats, &rows[i - 1].stats); i--)
			rows[i] = rows[i - 1];
		rows[i] = row;
	}
	return n;
}

static void class_name_format(char *out, size_t size, struct lock_class *class);

/* Microseconds with two decimals, as lockdep_proc.c prints its times. */
static const char *lock_stat_us(char *buf, size_t size, s64 ns)
{
	snprintf(buf, size, "%lld.%02lld", (long long)(ns + 5) / 1000,
		 (long long)((ns + 5) % 1000) / 10);
	return buf;
}

static void lock_stat_print_points(const char *what, const unsigned long *points,
				   const unsigned long *counts)
{
	for (int i = 0; i < LOCKSTAT_POINTS && points[i]; i++)
		printk(KERN_INFO "%42lu %s %pS\n", counts[i], what, (void *)points[i]);
}

static void lock_stat_print_table(void)
{
	static struct lock_stat_row rows[LOCK_STAT_TABLE_ROWS];
	char name[KSYM_NAME_LEN], t[4][24];
	int n = lock_stat_rank(rows);

	if (!n)
		return;		/* no lock was taken while checking */
	printk(KERN_INFO "liblockdep: where threads waited (lock_stat; times in us; "
	       "LIBLOCKDEP_DUMP writes all of it):\n");
	printk(KERN_INFO "%40s %12s %14s %12s %12s %14s %12s\n", "class", "contentions",
	       "waittime-total", "waittime-max", "acquisitions", "holdtime-total",
	       "holdtime-max");
	for (int r = 0; r < n; r++) {
		struct lock_class_stats *s = &rows[r].stats;

		class_name_format(name, sizeof(name), rows[r].class);
		printk(KERN_INFO "%40.40s %12lu %14s %12s %12lu %14s %12s\n", name,
		       lock_stat_contentions(s),
		       lock_stat_us(t[0], sizeof(t[0]), lock_stat_waited(s)),
		       lock_stat_us(t[1], sizeof(t[1]),
				    max(s->read_waittime.max, s->write_waittime.max)),
		       s->read_holdtime.nr + s->write_holdtime.nr,
		       lock_stat_us(t[2], sizeof(t[2]),
				    s->read_holdtime.total + s->write_holdtime.total),
		       lock_stat_us(t[3], sizeof(t[3]), lock_stat_longest_hold(s)));
		if (!lock_stat_contentions(s))
			continue;
		lock_stat_print_points("contended at", rows[r].class->contention_point,
				       s->contention_point);
		lock_stat_print_points("while held from", rows[r].class->contending_point,
				       s->contending_point);
	}
}
