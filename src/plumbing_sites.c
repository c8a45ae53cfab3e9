/*
 * Where an acquisition through out of line plumbing (src/lock_plumbing.c) is shown:
 * the first frame outside it, known once per call site, not unwound per lock.
 *
 * GCC 12 leaves std::lock<std::mutex, std::mutex>() (behind a std::scoped_lock of two
 * mutexes) out of line at -O2, and at -O0 every std::mutex goes through
 * __gthread_mutex_lock(): a full backtrace() per lock would cost some 28,000
 * instructions. What a frame is (plumbing, the user's code with a name, code without
 * one) depends only on its return address, and so does its size, the distance from
 * its callee's canonical frame address (CFA) to its own, for code whose frames have a
 * fixed size: every frame of liblockdep, of the compilers' libstdc++ plumbing and of
 * the helpers lock_plumbing.c lists. So the first unwind through a call site, with
 * our unwinder (src/unwind.c), records each frame's size by its return address, and later
 * acquisitions read the return addresses straight off the stack, frame by frame,
 * from this function's own CFA, through liblockdep's frames (until the return address
 * the wrapper was called with) and the plumbing's, to the user's first named frame.
 *
 * The walk's answer depends on nothing but the return addresses it reads, each at
 * its distance from where it starts, and on what the table knows of them, which only
 * grows until code is unloaded: so each thread keeps its last few walks, those words
 * and the frame found, and a call site it walked lately costs a comparison of the
 * words (std::lock() at -O2: four words, about 40 instructions, against some 190 for
 * the walk and its look-ups).
 *
 * Only there: a frame without a name (stripped code, which may size its frames as it
 * runs), a signal handler's frames (the kernel's signal frame, liblockdep's handler
 * stack) or a stack that ends first take the full unwind, as before. A verdict never
 * depends on the table: a return address it lacks is looked up and added.
 */
#define PLUMBING_FRAME_SIZE	1UL	/* its size is known */
#define PLUMBING_FRAME_KNOWN	2UL	/* what it is is known: */
#define PLUMBING_FRAME_IS	4UL	/* plumbing */
#define PLUMBING_FRAME_NAMED	8UL	/* code with a name */
#define PLUMBING_FRAME_SHIFT	4	/* the size, above those bits */
/* Frames walked at most: liblockdep's own, then the plumbing's (as the full unwind). */
#define PLUMBING_OWN_FRAMES	32
#define PLUMBING_WALK_FRAMES	STACK_TRACE_MAX_FRAMES
/* A frame bigger than this is not recorded: no stack switch passes for a frame. */
#define PLUMBING_FRAME_MAX	(1UL << 20)

/* A return address and what is known of its frame, read without a lock: info is
 * written before ip is published, and only ever gains bits. */
struct plumbing_frame {
	unsigned long ip;
	unsigned long info;
};

struct plumbing_frames {
	unsigned long mask;
	unsigned long used;
	struct plumbing_frame slot[];
};

static struct plumbing_frames *plumbing_frames;
static pthread_mutex_t plumbing_frames_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Changed when code is unloaded: what was known of it goes, and the walks through it. */
static unsigned int plumbing_frames_generation;

/*
 * A walk that found its frame: the words it read (return addresses, each at its
 * distance from the CFA of lock_plumbing_caller()), the first frame outside the
 * plumbing, and the generation of the table it read. The thread's last few, in
 * memory of its own, made at its first walk (off its stack, where thread-local
 * memory lies) and given back at its exit: a signal handler's walk never uses them
 * (it takes the full unwind).
 */
#define PLUMBING_MEMO_WORDS	8
#define PLUMBING_MEMO_WALKS	8

struct plumbing_memo {
	unsigned long ip;		/* the call's return address; 0: unused */
	unsigned long at;
	unsigned long word[PLUMBING_MEMO_WORDS];
	unsigned short offset[PLUMBING_MEMO_WORDS];
	unsigned int nr;
	unsigned int generation;
};

struct plumbing_memos {
	unsigned int next;		/* the one to replace next */
	struct plumbing_memo walk[PLUMBING_MEMO_WALKS];
};

static __thread struct plumbing_memos *plumbing_memos;
static __thread bool plumbing_memos_retired;	/* past the thread's exit hook */

static bool signal_handler_running(void);

static unsigned long plumbing_frame_hash(unsigned long ip, unsigned long mask)
{
	return hash_long(ip, 63) & mask;
}

/* What is known of the frame at ip; 0 if nothing. In an RCU read section. */
static unsigned long plumbing_frame_info(unsigned long ip)
{
	const struct plumbing_frames *t = __atomic_load_n(&plumbing_frames, __ATOMIC_ACQUIRE);
	unsigned long i, seen;

	if (!t)
		return 0;
	for (i = plumbing_frame_hash(ip, t->mask);; i = (i + 1) & t->mask) {
		seen = __atomic_load_n(&t->slot[i].ip, __ATOMIC_ACQUIRE);
		if (seen == ip)
			return READ_ONCE(t->slot[i].info);
		if (!seen)
			return 0;
	}
}

static size_t plumbing_frames_bytes(unsigned long size)
{
	return sizeof(struct plumbing_frames) + size * sizeof(struct plumbing_frame);
}

/* Under the mutex: adds info to the frame at ip in t, which has room. */
static void plumbing_frame_put(struct plumbing_frames *t, unsigned long ip, unsigned long info)
{
	unsigned long i = plumbing_frame_hash(ip, t->mask);

	while (t->slot[i].ip && t->slot[i].ip != ip)
		i = (i + 1) & t->mask;
	if (t->slot[i].ip) {
		__atomic_fetch_or(&t->slot[i].info, info, __ATOMIC_RELAXED);
		return;
	}
	t->slot[i].info = info;
	__atomic_store_n(&t->slot[i].ip, ip, __ATOMIC_RELEASE);
	t->used++;
}

/*
 * Under the mutex: the table with room for more frames, keeping those of t that
 * keep(ip, arg) wants; NULL when memory runs out. The old array is the caller's to
 * free after a grace period.
 */
static struct plumbing_frames *plumbing_frames_copy(const struct plumbing_frames *t,
						    unsigned long more,
						    bool (*keep)(unsigned long ip, void *arg),
						    void *arg)
{
	unsigned long size = 64;
	struct plumbing_frames *n;

	while (size < 4 * ((t ? t->used : 0) + more))
		size *= 2;
	n = liblockdep_pages_alloc(plumbing_frames_bytes(size));
	if (!n)
		return NULL;
	n->mask = size - 1;
	for (unsigned long i = 0; t && i <= t->mask; i++)
		if (t->slot[i].ip && keep(t->slot[i].ip, arg))
			plumbing_frame_put(n, t->slot[i].ip, t->slot[i].info);
	__atomic_store_n(&plumbing_frames, n, __ATOMIC_RELEASE);
	return n;
}

static bool plumbing_frame_keep(unsigned long ip, void *arg)
{
	(void)ip;
	(void)arg;
	return true;
}

static void plumbing_frames_retire(struct plumbing_frames *t)
{
	if (!t)
		return;
	synchronize_rcu();
	liblockdep_pages_free(t, plumbing_frames_bytes(t->mask + 1));
}

/* Adds what is known of nr frames; the table stays at most half full. */
static void plumbing_frames_add(const unsigned long *ips, const unsigned long *infos,
				unsigned int nr)
{
	struct plumbing_frames *t, *old = NULL;

	internal_lock(&plumbing_frames_mutex);
	t = plumbing_frames;
	if (!t || 2 * (t->used + nr) > t->mask + 1) {
		old = t;
		t = plumbing_frames_copy(old, nr, plumbing_frame_keep, NULL);
		if (!t)
			old = NULL;
	}
	for (unsigned int i = 0; t && i < nr; i++)
		plumbing_frame_put(t, ips[i], infos[i]);
	internal_unlock(&plumbing_frames_mutex);
	plumbing_frames_retire(old);
}

struct plumbing_unwind {
	unsigned int nr;
	unsigned long ip[PLUMBING_OWN_FRAMES + PLUMBING_WALK_FRAMES / 4];
	unsigned long cfa[PLUMBING_OWN_FRAMES + PLUMBING_WALK_FRAMES / 4];
};

/* Whether the return address into a frame unwound as ip lies just below cfa, its
 * callee's CFA: the unwinder gives each frame's return address with its callee's CFA
 * (the stack pointer at the call). */
static bool plumbing_unwound_at(unsigned long ip, unsigned long cfa)
{
	return ip && *(const unsigned long *)(cfa - sizeof(long)) == ip;
}

/*
 * Records the size of each frame of this stack that the unwinder reaches: the
 * distance from its callee's CFA to its own, both checked against the return
 * addresses stored below them. noinline, and called only from plumbing_walk_from(),
 * under lock_plumbing_caller(), whose CFA the walk starts from.
 */
static noinline void plumbing_frames_learn(void)
{
	struct plumbing_unwind u;
	unsigned int nr = 0;
	bool whole;

	/* The frames it could follow, if not all: enough for the plumbing's, near the top. */
	u.nr = unwind_frames(u.ip, u.cfa, ARRAY_SIZE(u.ip), &whole);
	/* Each frame's size in place of its callee's CFA, the frames not sized left out:
	 * entry nr <= i is written when frames i and i + 1 have been read. */
	for (unsigned int i = 0; i + 1 < u.nr; i++) {
		unsigned long size = u.cfa[i + 1] - u.cfa[i];

		if (!plumbing_unwound_at(u.ip[i], u.cfa[i]) ||
		    !plumbing_unwound_at(u.ip[i + 1], u.cfa[i + 1]) ||
		    !size || size >= PLUMBING_FRAME_MAX)
			continue;
		u.ip[nr] = u.ip[i];
		u.cfa[nr++] = size << PLUMBING_FRAME_SHIFT | PLUMBING_FRAME_SIZE;
	}
	plumbing_frames_add(u.ip, u.cfa, nr);
}

/* What the frame at ip is, looked up by its symbol (src/lock_plumbing.c) and kept. */
static unsigned long plumbing_frame_judge(unsigned long ip)
{
	unsigned long info = PLUMBING_FRAME_KNOWN;
	bool named;

	if (lock_plumbing_at(ip, &named))
		info |= PLUMBING_FRAME_IS;
	if (named)
		info |= PLUMBING_FRAME_NAMED;
	plumbing_frames_add(&ip, &info, 1);
	return info;
}

enum plumbing_walk {
	PLUMBING_WALKED,	/* *at: the first frame outside the plumbing */
	PLUMBING_UNSIZED,	/* a frame's size is not known yet */
	PLUMBING_UNJUDGED,	/* *at: a frame not known to be plumbing or not */
	PLUMBING_UNWALKABLE,	/* only the full unwind can tell */
};

/* Keeps a word the walk read at cfa, which lies offset above where it started. */
static void plumbing_memo_keep(struct plumbing_memo *m, unsigned long offset, unsigned long word)
{
	if (m->nr >= PLUMBING_MEMO_WORDS || offset > USHRT_MAX) {
		m->nr = PLUMBING_MEMO_WORDS + 1;	/* too long to keep */
		return;
	}
	m->offset[m->nr] = offset;
	m->word[m->nr++] = word;
}

/* The next return address up the stack, from a frame (info) whose callee's CFA is
 * *cfa; false if that frame's size is not known. */
static bool plumbing_frame_up(unsigned long info, unsigned long start, unsigned long *cfa,
			      unsigned long *next, struct plumbing_memo *m)
{
	if (!(info & PLUMBING_FRAME_SIZE))
		return false;
	*cfa += info >> PLUMBING_FRAME_SHIFT;
	*next = *(const unsigned long *)(*cfa - sizeof(long));
	plumbing_memo_keep(m, *cfa - start, *next);
	return true;
}

/*
 * From the CFA of lock_plumbing_caller(), whose caller's return address is
 * stored just below it: through liblockdep's frames up to the one that returns to
 * ip, a plumbing frame, then through the plumbing to the first named frame.
 */
static enum plumbing_walk plumbing_walk(unsigned long ip, unsigned long cfa, unsigned long *at,
					struct plumbing_memo *m)
{
	unsigned long ra = *(const unsigned long *)(cfa - sizeof(long)), info, start = cfa;
	enum plumbing_walk ret = PLUMBING_UNWALKABLE;
	unsigned int i;

	m->nr = 0;
	plumbing_memo_keep(m, 0, ra);
	liblockdep_rcu_read_lock();
	for (i = 0; ra != ip; i++) {
		if (i == PLUMBING_OWN_FRAMES)
			goto out;
		info = plumbing_frame_info(ra);
		if (!plumbing_frame_up(info, start, &cfa, &ra, m)) {
			ret = PLUMBING_UNSIZED;
			goto out;
		}
	}
	for (i = 0; i < PLUMBING_WALK_FRAMES; i++) {
		info = plumbing_frame_info(ra);
		if (!(info & PLUMBING_FRAME_KNOWN)) {
			*at = ra;
			ret = PLUMBING_UNJUDGED;
			goto out;
		}
		if (!(info & PLUMBING_FRAME_IS)) {
			/* An unnamed frame may be the plumbing's own (lock_plumbing_frames()). */
			*at = ra;
			if (info & PLUMBING_FRAME_NAMED)
				ret = PLUMBING_WALKED;
			goto out;
		}
		if (!plumbing_frame_up(info, start, &cfa, &ra, m)) {
			ret = PLUMBING_UNSIZED;
			goto out;
		}
	}
out:
	liblockdep_rcu_read_unlock();
	return ret;
}

/*
 * Return addresses of the user's code with which liblockdep was called, for the fast
 * path's one test (src/validate.c): a slot overwritten only sends its call site the
 * slow way, which finds it again.
 */
#define LOCK_PLUMBING_USER_IPS_BITS	10

static bool lock_plumbing_out_of_line;
static unsigned long lock_plumbing_user_ips[1 << LOCK_PLUMBING_USER_IPS_BITS];

static __always_inline bool lock_plumbing_user_ip(unsigned long ip)
{
	return READ_ONCE(lock_plumbing_user_ips[hash_long(ip, LOCK_PLUMBING_USER_IPS_BITS)]) == ip;
}

/* The frame a walk from cfa found lately for a call that returns to ip; 0 if none. */
static unsigned long plumbing_memo_find(unsigned long ip, unsigned long cfa)
{
	unsigned int generation = __atomic_load_n(&plumbing_frames_generation, __ATOMIC_ACQUIRE);
	const struct plumbing_memos *t = plumbing_memos;

	for (unsigned int i = 0; t && i < PLUMBING_MEMO_WALKS; i++) {
		const struct plumbing_memo *m = &t->walk[i];
		unsigned int w;

		if (m->ip != ip || m->generation != generation)
			continue;
		/* In the walk's order: each word read says where the next one is. */
		for (w = 0; w < m->nr; w++)
			if (*(const unsigned long *)(cfa + m->offset[w] - sizeof(long)) != m->word[w])
				break;
		if (w == m->nr)
			return m->at;
	}
	return 0;
}

/* Keeps a walk that found at, read from the generation of the table it started in. */
static void plumbing_memo_add(const struct plumbing_memo *walk, unsigned long ip,
			      unsigned long at, unsigned int generation)
{
	struct plumbing_memos *t = plumbing_memos;
	struct plumbing_memo *m;

	if (walk->nr > PLUMBING_MEMO_WORDS || plumbing_memos_retired)
		return;
	if (!t && !(t = plumbing_memos = liblockdep_pages_alloc(sizeof(*t))))
		return;
	m = &t->walk[t->next];
	t->next = (t->next + 1) % PLUMBING_MEMO_WALKS;
	memcpy(m->word, walk->word, sizeof(walk->word));
	memcpy(m->offset, walk->offset, sizeof(walk->offset));
	m->nr = walk->nr;
	m->at = at;
	m->generation = generation;
	m->ip = ip;
}

/* The thread's exit: its walks are given back, and none is kept after it. */
static void plumbing_memos_thread_exit(void)
{
	struct plumbing_memos *t = plumbing_memos;

	plumbing_memos_retired = true;
	plumbing_memos = NULL;
	if (t)
		liblockdep_pages_free(t, sizeof(*t));
}

/* lock_plumbing_caller() for a call site not walked lately: the walk from cfa, the
 * CFA of lock_plumbing_caller(), or the full unwind. */
static noinline unsigned long plumbing_walk_from(unsigned long ip, unsigned long cfa)
{
	unsigned long ips[1] = { ip }, info, at = 0;
	unsigned int generation = __atomic_load_n(&plumbing_frames_generation, __ATOMIC_ACQUIRE);
	struct plumbing_memo walk;
	bool learned = false;

	liblockdep_rcu_read_lock();
	info = plumbing_frame_info(ip);
	liblockdep_rcu_read_unlock();
	if (!(info & PLUMBING_FRAME_KNOWN))
		info = plumbing_frame_judge(ip);
	if (!(info & PLUMBING_FRAME_IS)) {
		WRITE_ONCE(lock_plumbing_user_ips[hash_long(ip, LOCK_PLUMBING_USER_IPS_BITS)], ip);
		return ip;
	}
	if (signal_handler_running() || liblockdep_entry_ip != ip)
		goto unwind;
	for (unsigned int round = 0; round < PLUMBING_WALK_FRAMES; round++) {
		switch (plumbing_walk(ip, cfa, &at, &walk)) {
		case PLUMBING_WALKED:
			plumbing_memo_add(&walk, ip, at, generation);
			return at;
		case PLUMBING_UNJUDGED:
			plumbing_frame_judge(at);
			break;
		case PLUMBING_UNSIZED:
			if (learned)
				goto unwind;
			plumbing_frames_learn();
			learned = true;
			break;
		case PLUMBING_UNWALKABLE:
			goto unwind;
		}
	}
unwind:
	return lock_plumbing_skip(ips, 1) > 0 ? ips[0] : ip;
}

/*
 * The first site outside the plumbing of an acquisition whose call returns to ip
 * (the thread's entry frame); ip itself when it is the user's or the stack cannot
 * say. Costs a full unwind only the first time through a call site (and in a signal
 * handler, or through code without a name), a walk the first time this thread
 * comes through it lately, and otherwise a comparison of the words of that walk.
 */
static noinline unsigned long lock_plumbing_caller(unsigned long ip)
{
	unsigned long cfa = (unsigned long)__builtin_dwarf_cfa(), at;

	if (lock_plumbing_user_ip(ip))
		return ip;
	/* A handler's walk starts on liblockdep's handler stack: the full unwind. */
	if (!signal_handler_running() && liblockdep_entry_ip == ip &&
	    (at = plumbing_memo_find(ip, cfa)))
		return at;
	return plumbing_walk_from(ip, cfa);
}

static bool plumbing_frame_outside(unsigned long ip, void *arg)
{
	const unsigned long *range = arg;

	return ip - range[0] >= range[1];
}

/* dlclose(): what was known of the code at [start, start + size) goes with it. */
static void lock_plumbing_forget_code(unsigned long start, unsigned long size)
{
	unsigned long range[2] = { start, size };
	struct plumbing_frames *old;

	for (size_t i = 0; i < ARRAY_SIZE(lock_plumbing_user_ips); i++)
		if (READ_ONCE(lock_plumbing_user_ips[i]) - start < size)
			WRITE_ONCE(lock_plumbing_user_ips[i], 0);
	internal_lock(&plumbing_frames_mutex);
	old = plumbing_frames;
	/* Out of memory: all of it goes. */
	if (old && !plumbing_frames_copy(old, 0, plumbing_frame_outside, range))
		__atomic_store_n(&plumbing_frames, NULL, __ATOMIC_RELEASE);
	/* After the table without that code: a walk that reads the new generation
	 * reads that table. */
	__atomic_store_n(&plumbing_frames_generation, plumbing_frames_generation + 1,
			 __ATOMIC_RELEASE);
	internal_unlock(&plumbing_frames_mutex);
	plumbing_frames_retire(old);
}
