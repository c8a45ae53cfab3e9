/*
 * One lock graph across the processes of a test suite (LIBLOCKDEP_GRAPH; the file is
 * src/graph_file.c's). A dependency an earlier process recorded is replayed into
 * lockdep as one of this process's own as soon as both its classes exist here: the
 * thread that first uses the second class takes the two in the recorded order, with
 * its own held locks set aside, and the stack lockdep saves for the dependency is the
 * recorded one. Lockdep then finds a cycle through it like through any other, and its
 * report prints the recorded side's stack. No second cycle search exists.
 *
 * What makes classes of two processes the same (struct graph_class_id): the class's
 * name (a static lock's symbol, an init site's function, an annotation's name), its subclass, the object that defines it, the file name of a shared library
 * or "" for the main program, so that the same object code linked into several
 * programs matches, and the source files (units) of the static symbols it is named
 * after: "static pthread_mutex_t lock" of test_a.c and of test_b.c are two locks,
 * while config_cache.o's is one in every program that links it. A class with a
 * registered (dynamic) key, a per-instance class, is never carried over.
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
#define GRAPH_UNIT_MAX		512	/* the units of a class's name, '<' apart */

/* A class as the graph file knows it: the same in every process that runs its code. */
struct graph_class_id {
	const char *name;
	unsigned int subclass;
	const char *object;		/* "" for the main program */
	const char *unit;		/* "config_cache.c"; "" when not static */
};

struct graph_class {
	struct graph_class_id id;
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
	struct graph_class_id from, to;
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

static unsigned long graph_class_hash_of(const struct graph_class_id *id)
{
	unsigned long h = 0xcbf29ce484222325UL ^ id->subclass;

	for (const char *s = id->name; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3UL;
	h = (h ^ '\t') * 0x100000001b3UL;
	for (const char *s = id->object; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3UL;
	h = (h ^ '\t') * 0x100000001b3UL;
	for (const char *s = id->unit; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3UL;
	return h % GRAPH_CLASS_HASH_SIZE;
}

static bool graph_class_id_equal(const struct graph_class_id *x, const struct graph_class_id *y)
{
	return x->subclass == y->subclass && !strcmp(x->name, y->name) &&
	       !strcmp(x->object, y->object) && !strcmp(x->unit, y->unit);
}

/* The graph's class of this identity; with create, made when missing (the identity's
 * strings are then kept). */
static struct graph_class *graph_class_find(const struct graph_class_id *id, bool create)
{
	struct graph_class **head, *gc;

	if (!graph_class_hash) {
		if (!create)
			return NULL;
		graph_class_hash = liblockdep_pages_alloc(GRAPH_CLASS_HASH_SIZE * sizeof(*head));
		if (!graph_class_hash)
			return NULL;
	}
	head = &graph_class_hash[graph_class_hash_of(id)];
	for (gc = *head; gc; gc = gc->hash_next)
		if (graph_class_id_equal(&gc->id, id))
			return gc;
	if (!create || !(gc = liblockdep_alloc(sizeof(*gc))))
		return NULL;
	gc->id = *id;
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
	from = graph_class_find(&r->from, true);
	to = graph_class_find(&r->to, true);
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

static struct lock_class_key *graph_class_key(const struct lock_class *class)
{
	return (struct lock_class_key *)((const char *)class->key - class->subclass);
}

/*
 * A symbol's unit appended to unit (of size GRAPH_UNIT_MAX) after sep: nothing for a
 * global symbol (NULL), or an address without one (a stripped object's, whose name is
 * an offset into that object). False for a static symbol whose unit is not known
 * (""): a .symtab without STT_FILE entries, after "strip -g"; a link-time-optimised
 * program. By its name alone it could be another program's static of that name, and
 * a cycle through it a deadlock that does not exist: its class is not carried over,
 * and only checked within each process, as without a graph.
 */
static bool graph_unit_append(char *unit, const char *sep, const char *symbol_unit)
{
	size_t len = strlen(unit), sep_len = strlen(sep);
	size_t n = symbol_unit ? strlen(symbol_unit) : 0;

	if ((symbol_unit && !n) || len + sep_len + n >= GRAPH_UNIT_MAX)
		return false;
	memcpy(unit + len, sep, sep_len);
	memcpy(unit + len + sep_len, symbol_unit ?: "", n + 1);
	return true;
}

/* The offset of a named frame in its function after its unit, "config.c+0x1c": the
 * class's name leaves it out (src/lock_sites.c), and two sites of one function are two
 * classes, which the order of their names ("~2") may not tell apart in another
 * process. */
static bool graph_unit_append_offset(char *unit, unsigned long offset)
{
	size_t len = strlen(unit);

	return liblockdep_snprintk(unit + len, GRAPH_UNIT_MAX - len, "+0x%lx", offset) <
	       GRAPH_UNIT_MAX - len;
}

/*
 * A class's identity in the graph, unit its room for the units; false if the class is
 * not carried over. A dynamic key is a per-instance class. A static lock's class is
 * defined by its storage (its key: the lock itself or an annotation's key variable);
 * an init site's by the site's code (its functions, with each call's offset in the
 * unit), and it is named after its frames or after the variable of its first lock. A site with a frame in main() is not carried over:
 * every program has its own main(), so main+0x19 in two test programs is two places
 * (a thread created there, a lock made there).
 */
static bool graph_class_id_of(const struct lock_class *class, struct graph_class_id *id,
			      char unit[GRAPH_UNIT_MAX])
{
	struct lock_class_key *key = graph_class_key(class);
	const struct lock_site *site = lock_site_of_key(key);
	unsigned long where = site ? READ_ONCE(site->ips[0]) : (unsigned long)key;
	struct loaded_object obj;
	struct sym_place place;
	size_t len;

	if (key == &__lockdep_no_validate__ || !class->name || !static_obj(key) ||
	    !loaded_object_of(where, &obj))
		return false;
	*id = (struct graph_class_id){ .name = class->name, .subclass = class->subclass,
				       .object = obj.path[0] ? sym_basename(obj.path) : "",
				       .unit = unit };
	unit[0] = '\0';
	if (!site)
		return !sym_lookup(where, &place) || !place.name ||
		       graph_unit_append(unit, "", place.unit);
	for (unsigned int i = 0; i < LOCK_SITE_FRAMES; i++) {
		unsigned long ip = READ_ONCE(site->ips[i]);
		bool named = ip && sym_lookup(ip, &place) && place.name;

		if (!ip)
			break;
		if (named && !strcmp(place.name, "main"))
			return false;
		if (!site->variable &&
		    (!graph_unit_append(unit, i ? "<" : "", named ? place.unit : NULL) ||
		     (named && !graph_unit_append_offset(unit, place.offset))))
			return false;
	}
	if (site->variable)
		return sym_lookup((unsigned long)site->variable, &place) && place.name &&
		       graph_unit_append(unit, "", place.unit);
	/* "<test_a.c" when only the caller is static; "" when no frame is. */
	for (len = strlen(unit); len && unit[len - 1] == '<'; len--)
		unit[len - 1] = '\0';
	return true;
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
	lock_acquire(&from, d->from->id.subclass, 0, bit & 1 ? 0 : 1, 1, NULL, ip);
	liblockdep_report_end();
	if (curr->lockdep_depth == 1) {
		lock_acquire(&to, d->to->id.subclass, 0, bit & 2 ? 0 : 2, 1, NULL, ip);
		liblockdep_report_end();
		if (curr->lockdep_depth == 2)
			lock_release(&to, ip);
		lock_release(&from, ip);
		liblockdep_report_end();
	}
	curr->lockdep_depth = 0;
	curr->curr_chain_key = INITIAL_CHAIN_KEY;
}

/*
 * Replays a recorded dependency on this thread, its held locks set aside meanwhile.
 * The file holds the order, not the signal state it was taken in: the two are taken
 * out of any handler with signals blocked, so that they mark no usage (taken in a
 * handler, or with signals enabled) that this process never showed, whether the
 * thread is in a handler or not.
 */
static void graph_replay(struct graph_dep *d)
{
	struct task_struct *curr = current;
	struct held_lock saved[2];
	int depth = curr->lockdep_depth, in_handler = this_cpu_read(hardirq_context);
	int signals_off = liblockdep_signals_off;
	u64 chain_key = curr->curr_chain_key;
	unsigned long ip = (unsigned long)&d->frames[d->nr_frames > 1 ? 1 : 0];

	d->replayed = true;
	memcpy(saved, curr->held_locks, sizeof(saved));
	curr->lockdep_depth = 0;
	curr->curr_chain_key = INITIAL_CHAIN_KEY;
	this_cpu_write(hardirq_context, 0);
	liblockdep_signals_off = 1;
	graph_replaying = d;
	for (unsigned int bit = 0; bit < 4; bit++)
		if (d->dep & (1U << bit))
			graph_replay_kind(d, bit, ip);
	graph_replaying = NULL;
	liblockdep_signals_off = signals_off;
	this_cpu_write(hardirq_context, in_handler);
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
 * A class of this process is first used: it and its other subclasses that the graph
 * knows are bound. A subclass is registered here even if this process never takes a
 * lock in it: the process that recorded "node/1 -> table_lock" nested two nodes, this
 * one takes table_lock, then a node, and node -> node/1 -> table_lock -> node is the
 * cycle. Under graph_replay_mutex.
 */
static void graph_class_bind_subclasses(struct lock_class *class, struct graph_class_id *id)
{
	struct lockdep_map map;
	struct lock_class *sibling;
	struct graph_class *gc;

	for (unsigned int subclass = 0; subclass < MAX_LOCKDEP_SUBCLASSES; subclass++) {
		id->subclass = subclass;
		gc = graph_class_find(id, false);
		if (!gc || gc->class)
			continue;
		graph_map_of(&map, class);
		sibling = graph_class_register(&map, subclass);
		if (!sibling)
			continue;
		__set_bit(sibling - lock_classes, graph_classes_seen);
		graph_class_bind(gc, sibling);
	}
}

/*
 * A lock whose class this map has not cached yet is about to be taken (from
 * src/validate.c, before lockdep sees the acquisition): the class is registered now,
 * and if the graph knows it or another subclass of it, the recorded dependencies it
 * closes are replayed, so that this very acquisition is checked against them, in a
 * signal handler too: "a -> b" recorded, "b -> a" in a handler here is the cycle it
 * would be in one process.
 */
static noinline void graph_class_first_use(struct lockdep_map *map, unsigned int subclass)
{
	static char unit[GRAPH_UNIT_MAX];	/* under graph_replay_mutex */
	struct graph_class_id id;
	struct lock_class *class;

	if (!READ_ONCE(debug_locks))
		return;
	class = graph_class_register(map, subclass);
	if (!class)
		return;
	internal_lock(&graph_replay_mutex);
	if (!test_bit(class - lock_classes, graph_classes_seen)) {
		__set_bit(class - lock_classes, graph_classes_seen);
		if (graph_class_id_of(class, &id, unit))
			graph_class_bind_subclasses(class, &id);
	}
	internal_unlock(&graph_replay_mutex);
}

static inline void graph_lock_first_use(struct lockdep_map *map, unsigned int subclass)
{
	if (unlikely(READ_ONCE(graph_classes_waiting)) && subclass < NR_LOCKDEP_CACHING_CLASSES &&
	    !READ_ONCE(map->class_cache[subclass]))
		graph_class_first_use(map, subclass);
}
