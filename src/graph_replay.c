/*
 * One lock graph across the processes of a test suite (LIBLOCKDEP_GRAPH; the file is
 * src/graph_file.c's). A dependency an earlier process recorded is replayed into
 * lockdep as one of this process's own as soon as both its classes exist here: the
 * thread that first uses the second class takes the two in the recorded order, with
 * its own held locks set aside, and the stack lockdep saves for the dependency is the
 * recorded one. Lockdep then finds a cycle through it like through any other, and its
 * report prints the recorded side's stack. No second cycle search exists.
 *
 * What makes classes of two processes the same: the class's name (a static lock's
 * symbol, an init site's function+offset, an annotation's name), its subclass, and
 * the object that defines it, the file name of a shared library or "" for the main
 * program, so that the same object code linked into several programs matches. A
 * class with a registered (dynamic) key, a per-instance class, is never carried over.
 *
 * Recorded stacks are text ("take_config+0x1c (test_a)"). Each frame of one is a
 * struct remembered_frame, and its address stands for the frame in lockdep's traces:
 * printk's %pS prints its text (remembered_frame_text()).
 */
#ifndef LIBLOCKDEP_MAX_GRAPH_DEPS
#define LIBLOCKDEP_MAX_GRAPH_DEPS	65536
#endif
#define MAX_GRAPH_DEPS		LIBLOCKDEP_MAX_GRAPH_DEPS
#define GRAPH_MAX_FRAMES	16	/* innermost frames kept of a recorded stack */
#define GRAPH_CLASS_HASH_SIZE	16384

struct graph_class {
	const char *name;
	const char *object;		/* "" for the main program */
	unsigned int subclass;
	struct lock_class *class;	/* this process's, once it exists */
	struct graph_class *hash_next;
	struct graph_dep *after;	/* dependencies from this class */
	struct graph_dep *before;	/* dependencies to it */
};

struct remembered_frame {
	const char *text;
	const struct graph_dep *dep;
};

struct graph_dep {
	struct graph_class *from, *to;
	struct graph_dep *next_after, *next_before;
	const char *program;		/* who recorded it, and when */
	const char *pid;
	const char *time;
	u8 dep;				/* lockdep's DEP_*_MASK bits */
	bool replayed;
	unsigned int nr_frames;		/* the origin line, then the stack */
	struct remembered_frame *frames;
};

/* A field of a graph file's record (src/graph_file.c), read as it is. */
struct graph_record {
	u8 dep;
	const char *from_name, *from_object, *to_name, *to_object;
	unsigned int from_subclass, to_subclass;
	const char *program, *pid, *time;
	unsigned int nr_frames;
	const char *frames[GRAPH_MAX_FRAMES];
};

/* The frames of one load, in one block: an address in one is a remembered frame. */
struct frame_block {
	struct frame_block *next;
	unsigned long used, size;
	struct remembered_frame frames[];
};

static struct graph_class **graph_class_hash;
static struct frame_block *frame_blocks;
static unsigned long nr_graph_deps;
static bool graph_deps_full;
/* Classes of the graph not yet seen here: while any, first uses are looked at. */
static unsigned long graph_classes_waiting;
static DECLARE_BITMAP(graph_classes_seen, MAX_LOCKDEP_KEYS);
static pthread_mutex_t graph_replay_mutex = PTHREAD_MUTEX_INITIALIZER;
static __thread const struct graph_dep *graph_replaying;

static const char *remembered_frame_text(unsigned long addr)
{
	for (struct frame_block *b = READ_ONCE(frame_blocks); b; b = b->next) {
		unsigned long offset = addr - (unsigned long)b->frames;

		if (offset < b->used * sizeof(b->frames[0]) &&
		    offset % sizeof(b->frames[0]) == 0)
			return b->frames[offset / sizeof(b->frames[0])].text;
	}
	return NULL;
}

static const struct graph_dep *remembered_dep_of(const struct lock_trace *trace)
{
	unsigned long addr = trace && trace->nr_entries ? trace->entries[0] : 0;

	for (struct frame_block *b = READ_ONCE(frame_blocks); b; b = b->next)
		if (addr - (unsigned long)b->frames < b->used * sizeof(b->frames[0]))
			return ((struct remembered_frame *)addr)->dep;
	return NULL;
}

/* A block for up to nr frames of a load; NULL when memory runs out. */
static struct frame_block *frame_block_new(unsigned long nr)
{
	struct frame_block *b = liblockdep_alloc(sizeof(*b) + nr * sizeof(b->frames[0]));

	if (b) {
		b->size = nr;
		b->next = frame_blocks;
		__atomic_store_n(&frame_blocks, b, __ATOMIC_RELEASE);
	}
	return b;
}

/* What lockdep saves as the stack of a dependency being replayed: the recorded one;
 * -1 when none is. */
static int graph_replay_trace(unsigned long *store, unsigned int size)
{
	const struct graph_dep *d = graph_replaying;
	unsigned int n;

	if (likely(!d))
		return -1;
	n = min(size, d->nr_frames);
	for (unsigned int i = 0; i < n; i++)
		store[i] = (unsigned long)&d->frames[i];
	return n;
}

static unsigned long graph_class_hash_of(const char *name, unsigned int subclass,
					 const char *object)
{
	unsigned long h = 0xcbf29ce484222325UL ^ subclass;

	for (const char *s = name; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3UL;
	h = (h ^ '\t') * 0x100000001b3UL;
	for (const char *s = object; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3UL;
	return h % GRAPH_CLASS_HASH_SIZE;
}

/* The graph's class of this identity; with create, made when missing. */
static struct graph_class *graph_class_find(const char *name, unsigned int subclass,
					    const char *object, bool create)
{
	struct graph_class **head, *gc;

	if (!graph_class_hash) {
		if (!create)
			return NULL;
		graph_class_hash = liblockdep_pages_alloc(GRAPH_CLASS_HASH_SIZE * sizeof(*head));
		if (!graph_class_hash)
			return NULL;
	}
	head = &graph_class_hash[graph_class_hash_of(name, subclass, object)];
	for (gc = *head; gc; gc = gc->hash_next)
		if (gc->subclass == subclass && !strcmp(gc->name, name) &&
		    !strcmp(gc->object, object))
			return gc;
	if (!create || !(gc = liblockdep_alloc(sizeof(*gc))))
		return NULL;
	gc->name = name;
	gc->object = object;
	gc->subclass = subclass;
	gc->hash_next = *head;
	*head = gc;
	graph_classes_waiting++;
	return gc;
}

/* Like lockdep's own "BUG: MAX_... too low!", without turning validation off: the
 * dependencies beyond the limit stay in the file, only this process misses them. */
static void graph_deps_exhausted(void)
{
	if (graph_deps_full)
		return;
	graph_deps_full = true;
	printk(KERN_DEBUG "BUG: MAX_GRAPH_DEPS too low!\n");
	printk(KERN_DEBUG "liblockdep: build with -DLIBLOCKDEP_MAX_GRAPH_DEPS=N to raise it "
	       "(now %d); the recorded dependencies beyond it are left out\n", MAX_GRAPH_DEPS);
}

/*
 * A record of a graph file, whose strings stay valid for good. The first record of a
 * dependency is kept (the oldest stack); later ones add only their kinds (read or
 * write).
 */
static void graph_record_add(const struct graph_record *r, struct frame_block *block)
{
	struct graph_class *from, *to;
	struct graph_dep *d;

	if (nr_graph_deps >= MAX_GRAPH_DEPS || block->used + 1 + r->nr_frames > block->size) {
		graph_deps_exhausted();
		return;
	}
	from = graph_class_find(r->from_name, r->from_subclass, r->from_object, true);
	to = graph_class_find(r->to_name, r->to_subclass, r->to_object, true);
	if (!from || !to)
		return;
	for (d = from->after; d; d = d->next_after) {
		if (d->to == to) {
			d->dep |= r->dep;
			return;
		}
	}
	d = liblockdep_alloc(sizeof(*d));
	if (!d)
		return;
	d->from = from;
	d->to = to;
	d->dep = r->dep;
	d->program = r->program;
	d->pid = r->pid;
	d->time = r->time;
	d->frames = &block->frames[block->used];
	d->nr_frames = 1 + r->nr_frames;
	d->frames[0].text = liblockdep_format("recorded by %s, pid %s, at %s:", r->program,
					      r->pid, r->time);
	if (!d->frames[0].text)
		return;
	for (unsigned int i = 0; i < d->nr_frames; i++) {
		d->frames[i].dep = d;
		if (i)
			d->frames[i].text = r->frames[i - 1];
	}
	block->used += d->nr_frames;
	d->next_after = from->after;
	from->after = d;
	d->next_before = to->before;
	to->before = d;
	nr_graph_deps++;
}

/*
 * The object that defines a class (its file name; "" for the main program), or NULL
 * if the class is not carried over: a dynamic key is a per-instance class. An init
 * site's class is defined by the site's code, a static lock's by its storage. A site
 * with a frame in main() is not carried over either: every program has its own
 * main(), so main+0x19 in two test programs is two places (a thread created there, a
 * lock made there).
 */
static struct lock_class_key *graph_class_key(const struct lock_class *class)
{
	return (struct lock_class_key *)((const char *)class->key - class->subclass);
}

static bool graph_site_in_main(const struct lock_site *site)
{
	for (unsigned int i = 0; site && i < LOCK_SITE_FRAMES; i++) {
		unsigned long ip = READ_ONCE(site->ips[i]), offset;
		const char *name = ip ? liblockdep_symbol_at(ip, &offset, NULL) : NULL;

		if (name && !strcmp(name, "main"))
			return true;
	}
	return false;
}

static const char *graph_class_object(const struct lock_class *class)
{
	struct lock_class_key *key = graph_class_key(class);
	const struct lock_site *site = lock_site_of_key(key);
	unsigned long where = site ? READ_ONCE(site->ips[0]) : (unsigned long)key;
	struct loaded_object obj;

	if (key == &__lockdep_no_validate__ || !class->name || !static_obj(key) ||
	    graph_site_in_main(site) || !loaded_object_of(where, &obj))
		return NULL;
	return obj.path[0] ? sym_basename(obj.path) : "";
}

/* A map of a class that exists, to take it again. */
static void graph_map_of(struct lockdep_map *map, const struct lock_class *class)
{
	memset(map, 0, sizeof(*map));
	lockdep_init_map_type(map, class->name, graph_class_key(class),
			      class->subclass, class->wait_type_inner, class->wait_type_outer,
			      class->lock_type);
}

/* The two classes taken in order, as the dependency's kind bit says: the first
 * shared or exclusive, the second recursive-read or not. */
static void graph_replay_kind(struct graph_dep *d, unsigned int bit, unsigned long ip)
{
	struct task_struct *curr = current;
	struct lockdep_map from, to;

	graph_map_of(&from, d->from->class);
	graph_map_of(&to, d->to->class);
	lock_acquire(&from, d->from->subclass, 0, bit & 1 ? 0 : 1, 1, NULL, ip);
	liblockdep_report_end();
	if (curr->lockdep_depth == 1) {
		lock_acquire(&to, d->to->subclass, 0, bit & 2 ? 0 : 2, 1, NULL, ip);
		liblockdep_report_end();
		if (curr->lockdep_depth == 2)
			lock_release(&to, ip);
		lock_release(&from, ip);
		liblockdep_report_end();
	}
	curr->lockdep_depth = 0;
	curr->curr_chain_key = INITIAL_CHAIN_KEY;
}

/* Replays a recorded dependency on this thread, its held locks set aside meanwhile. */
static void graph_replay(struct graph_dep *d)
{
	struct task_struct *curr = current;
	struct held_lock saved[2];
	int depth = curr->lockdep_depth;
	u64 chain_key = curr->curr_chain_key;
	unsigned long ip = (unsigned long)&d->frames[d->nr_frames > 1 ? 1 : 0];

	d->replayed = true;
	memcpy(saved, curr->held_locks, sizeof(saved));
	curr->lockdep_depth = 0;
	curr->curr_chain_key = INITIAL_CHAIN_KEY;
	graph_replaying = d;
	for (unsigned int bit = 0; bit < 4; bit++)
		if (d->dep & (1U << bit))
			graph_replay_kind(d, bit, ip);
	graph_replaying = NULL;
	memcpy(curr->held_locks, saved, sizeof(saved));
	curr->lockdep_depth = depth;
	curr->curr_chain_key = chain_key;
}

/* A class of the graph now exists here: what it shares with classes already here is
 * replayed. Under graph_replay_mutex. */
static void graph_class_bind(struct graph_class *gc, struct lock_class *class)
{
	gc->class = class;
	graph_classes_waiting--;
	for (struct graph_dep *d = gc->after; d; d = d->next_after)
		if (d->to->class && !d->replayed)
			graph_replay(d);
	for (struct graph_dep *d = gc->before; d; d = d->next_before)
		if (d->from->class && !d->replayed)
			graph_replay(d);
}

/* The class of a map, registered now if it is new, as an acquisition would. */
static struct lock_class *graph_class_register(struct lockdep_map *map, unsigned int subclass)
{
	struct lock_class *class;
	unsigned long flags;

	raw_local_irq_save(flags);
	lockdep_recursion_inc();
	class = register_lock_class(map, subclass, 1);
	lockdep_recursion_finish();
	raw_local_irq_restore(flags);
	liblockdep_report_end();	/* out of classes: lockdep said so */
	return class;
}

/*
 * A lock whose class this map has not cached yet is about to be taken (from
 * src/validate.c, before lockdep sees the acquisition): the class is registered now,
 * and if the graph knows it, the recorded dependencies it closes are replayed, so
 * that this very acquisition is checked against them. Not in a signal handler, whose
 * locks would lend their context to the replayed ones.
 */
static noinline void graph_class_first_use(struct lockdep_map *map, unsigned int subclass)
{
	struct lock_class *class;
	struct graph_class *gc;
	const char *object;

	if (lockdep_hardirq_context() || !READ_ONCE(debug_locks))
		return;
	class = graph_class_register(map, subclass);
	if (!class)
		return;
	internal_lock(&graph_replay_mutex);
	if (!test_bit(class - lock_classes, graph_classes_seen)) {
		__set_bit(class - lock_classes, graph_classes_seen);
		object = graph_class_object(class);
		gc = object ? graph_class_find(class->name, class->subclass, object, false) : NULL;
		if (gc && !gc->class)
			graph_class_bind(gc, class);
	}
	internal_unlock(&graph_replay_mutex);
}

static inline void graph_lock_first_use(struct lockdep_map *map, unsigned int subclass)
{
	if (unlikely(READ_ONCE(graph_classes_waiting)) && subclass < NR_LOCKDEP_CACHING_CLASSES &&
	    !READ_ONCE(map->class_cache[subclass]))
		graph_class_first_use(map, subclass);
}
