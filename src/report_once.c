/*
 * Each problem is reported once: a report is known by its kind and the lock classes
 * it is about, whatever the lock chain, the call site or the thread that ran into it.
 * Lockdep's own memory (its chain cache) only stops a repeat of the same chain; a
 * wait-context or irq-state check, a bad unlock, run before or outside that cache, and
 * one pair of classes met in many chains gives one report per chain.
 *
 * A report's identity is read from its text while it is held back (src/printk.c),
 * since lockdep's print functions are its own: the headline (the line after the row
 * of '='), then the classes, as lockdep prints them, "(name)" with its /subclass but
 * not the #version lockdep adds to a name that classes share (with
 * LIBLOCKDEP_CLASSES=instance every lock of a site is "name#N": a problem met on
 * each of unbound's cache entries is one), that the kind's rule picks from the lines
 * before "other info that might help us debug this:" (or the held locks, or the
 * stack backtrace, whichever is first):
 *
 *   circular locking            the classes of the cycle, as a set: the same cycle
 *                               entered at another lock is the same problem; and
 *                               those the scenario takes for reading (rlock)
 *   recursive locking           the class
 *   invalid wait context        the class taken and the held class that makes the
 *                               context too strict (the lowest inner wait type, as
 *                               lockdep computes it), or the context itself
 *   X-safe -> X-unsafe order    the safe and the unsafe class (with the usage, in
 *                               the headline), not the two locks that connected them
 *   inconsistent lock state     the class and its "inconsistent {A} -> {B} usage"
 *   irq lock inversion          the two classes
 *   bad unlock, bad contention, held lock freed or re-initialized, nested lock not
 *   taken                       the class of the lock
 *   locks still held at exit    the classes held
 *   liblockdep's own reports    the annotation (in the headline) and the lock's class
 *   anything else               the headline and the classes before "other info"
 *
 * Once a duplicate is known (at the end of its identity lines) the rest of it is not
 * even formatted, and the report is dropped. A repeat of the very same state costs
 * less still: debug_locks_off() fingerprints what the report can be about (its caller
 * in lockdep, the thread's held locks and the one being taken, irq state, the lock an
 * unlock or a free is about) and a fingerprint seen at a finished report answers
 * "already reported" there, before lockdep prints a line.
 */
/* Sizes of two hash sets, each used up to half. Past the first, problems may be
 * reported again (which is said once); past the second, repeats are only slower. */
#define REPORT_PROBLEMS_MAX	8192	/* twice the distinct problems remembered */
#define REPORT_STATES_MAX	16384	/* twice the state fingerprints remembered */
#define REPORT_CLASSES_MAX	16	/* classes in one identity */
#define REPORT_NAME_MAX		128	/* a class name or a headline kept, cut there */

enum report_rule {
	RULE_BEFORE_OTHER_INFO,
	RULE_CIRCULAR,
	RULE_WAIT_CONTEXT,
	RULE_IRQ_SAFETY,
	RULE_HELD_LOCKS,
};

/*
 * Each report's fingerprint, "circular-5f3a9c1e": its kind's short name, and a hash
 * of what its identity is made of, the headline, an inconsistent usage and the
 * classes' names (without the #version lockdep adds to a name that two classes
 * share, which depends on which was met first), taken as a set. So it is the same
 * in every run, process and build where the same classes meet in the same problem;
 * it never hashes an address, a pid or a thread's name. Nor the name of a class
 * called after the code that first locked its lock (a std::mutex member), which
 * another test order changes: the places in the code the report shows taking such
 * classes stand for them (src/fingerprint_places.c).
 */
static const struct report_slug {
	const char *headline;		/* a part of the headline */
	const char *slug;
} report_slugs[] = {
	{ "possible circular locking dependency detected", "circular" },
	{ "possible recursive locking detected", "recursive" },
	{ "Invalid wait context", "wait-context" },
	{ "-unsafe lock order detected", "irq-unsafe-order" },
	{ "inconsistent lock state", "inconsistent" },
	{ "possible irq lock inversion dependency detected", "irq-inversion" },
	{ "bad unlock balance detected!", "bad-unlock" },
	{ "bad contention detected!", "bad-contention" },
	{ "held lock freed!", "held-lock-freed" },
	{ "Nested lock was not taken", "nested-lock" },
	{ "still has locks held!", "held-at-exit" },
	{ "lock held when returning to user space!", "held-returning" },
	{ "suspicious RCU usage", "rcu" },
	{ "lock released by a thread that does not hold it!", "foreign-unlock" },
	{ "destroying a lock held by another thread!", "destroy-held" },
	{ "held lock re-initialized!", "init-held" },
	{ " where asserted ", "assert" },
	{ "(): ", "annotation" },	/* "BUG: liblockdep_set_class(): ..." */
	{ " too low!", "capacity" },	/* "BUG: MAX_LOCKDEP_KEYS too low!" */
};

/* The headline of every report of a kind whose printed headline names its thread,
 * for what describes the kind, not one report (a SARIF rule). */
static const struct report_slug report_kind_headlines[] = {
	{ "WARNING: a thread still has locks held!", "held-at-exit" },
};

static const struct report_kind {
	const char *headline;		/* a part of the headline */
	enum report_rule rule;
} report_kinds[] = {
	{ "possible circular locking dependency detected", RULE_CIRCULAR },
	{ "Invalid wait context", RULE_WAIT_CONTEXT },
	{ "-unsafe lock order detected", RULE_IRQ_SAFETY },
	{ "still has locks held!", RULE_HELD_LOCKS },
	{ "lock held when returning to user space!", RULE_HELD_LOCKS },
};

/* What a report is about, as its record shows it (strings valid until the next). */
struct report_about {
	const char *kind;		/* "circular" */
	const char *headline;		/* as printed */
	const char *fingerprint;	/* "circular-5f3a9c1e" */
	const char *rule;		/* the headline of every report of the kind: no thread's */
	unsigned int nr_classes;
	const char *classes[REPORT_CLASSES_MAX];	/* as printed: "name#2/1" */
};

/* One part of an identity, as the fingerprint and a report record see it. */
struct report_part {
	char name[REPORT_NAME_MAX];	/* as printed, cut to fit */
	u64 hash;			/* of the name without its #version */
	bool is_class;			/* not a context or a read marker */
};

enum report_stage {
	STAGE_BEFORE_HEADLINE,
	STAGE_HEADLINE,
	STAGE_IDENTITY,		/* lines the rule picks classes from */
	STAGE_MORE,		/* what some rules read after: scenario, held locks */
	STAGE_DECIDED,
};

/* The report being printed: one at a time, its reporter holds the graph lock. */
static struct {
	enum report_stage stage;
	const struct report_kind *kind;
	u64 headline;
	u64 extra;			/* an inconsistent usage: part of the identity */
	u64 classes[REPORT_CLASSES_MAX];
	unsigned int nr_classes;
	u64 state;			/* fingerprint taken at debug_locks_off() */
	bool duplicate;
	/* Invalid wait context: the culprit and its inner wait type. */
	int culprit_inner;
	u64 culprit;
	struct report_part culprit_part;
	/* What the fingerprint is made of, and what a report record shows. */
	struct report_part parts[REPORT_CLASSES_MAX];
	char headline_text[REPORT_NAME_MAX];
	char slug[40];
	char fingerprint[64];
} report_identity;

/* Open-addressed sets of nonzero 64-bit hashes; insert-only. */
static u64 reported_problems[REPORT_PROBLEMS_MAX];
static u64 reported_states[REPORT_STATES_MAX];
static unsigned int nr_reported_problems, nr_reported_states;
static bool problems_full_said;

/* What an unlock, a free or an annotation of ours is about (see the top comment). */
static __thread u64 report_subject;

static u64 report_hash_mix(u64 h, u64 v)
{
	h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

static u64 report_hash_text(const char *text, size_t len)
{
	u64 h = 0xcbf29ce484222325ULL;

	while (len--)
		h = (h ^ (unsigned char)*text++) * 0x100000001b3ULL;
	return h | 1;	/* never 0, the empty slot */
}

/*
 * A member of a set hashed as a sum: each member goes through a non-linear mix first.
 * report_hash_mix(0, v) is linear in v, so a plain sum of such terms depends only on
 * the members' sum, and two different pairs of classes ("rlock_B" and "mutex_B",
 * "rlock_D" and "mutex_D") collided: the second cycle was dropped as a repeat.
 */
static u64 report_hash_member(u64 v)
{
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdULL;
	v ^= v >> 33;
	v *= 0xc4ceb9fe1a85ec53ULL;
	return v ^ v >> 33;
}

/* Where a probe for h starts: from its high bits (the lowest one is always set). */
static unsigned int report_set_slot(u64 h, unsigned int size)
{
	return (h >> 32) & (size - 1);
}

/* Adds h to the set unless it is there; returns whether it was there. The readers of
 * reported_states[] read it without a lock, so slots are published atomically. */
static bool report_set_test_and_add(u64 *set, unsigned int size, unsigned int *nr, u64 h)
{
	unsigned int i = report_set_slot(h, size);
	u64 slot;

	while ((slot = __atomic_load_n(&set[i], __ATOMIC_ACQUIRE))) {
		if (slot == h)
			return true;
		i = (i + 1) & (size - 1);
	}
	if (*nr >= size / 2)
		return false;	/* full: forget nothing, remember no more */
	(*nr)++;
	__atomic_store_n(&set[i], h, __ATOMIC_RELEASE);
	return false;
}

static bool report_set_has(const u64 *set, unsigned int size, u64 h)
{
	u64 slot;

	for (unsigned int i = report_set_slot(h, size);
	     (slot = __atomic_load_n(&set[i], __ATOMIC_ACQUIRE)); i = (i + 1) & (size - 1))
		if (slot == h)
			return true;
	return false;
}

static void report_subject_set(u64 subject)
{
	report_subject = subject;
}

/*
 * Everything a report lockdep is about to print can depend on, but the graph: who
 * calls (which print function of lockdep), the held locks and the one being taken
 * (lockdep fills its held_lock before it checks it), the irq state, and the subject
 * our code named. Taken where lockdep calls debug_locks_off().
 */
static u64 report_state_fingerprint(unsigned long caller)
{
	struct task_struct *task = current;
	unsigned int depth = min_t(unsigned int, task->lockdep_depth, MAX_LOCK_DEPTH - 1);
	u64 h = report_hash_mix(caller, report_subject);

	h = report_hash_mix(h, (u64)lockdep_hardirq_context() << 1 | lockdep_hardirqs_enabled());
	for (unsigned int i = 0; i <= depth; i++) {
		const struct held_lock *hlock = &task->held_locks[i];

		h = report_hash_mix(h, hlock->class_idx | hlock->irq_context << 13 |
				    hlock->trylock << 15 | hlock->read << 16 |
				    hlock->check << 18 | hlock->hardirqs_off << 19);
	}
	return h | 1;
}

/* Whether a report lockdep is about to begin repeats one already made. */
static bool report_seen_before(unsigned long caller, u64 *state)
{
	*state = report_state_fingerprint(caller);
	return report_set_has(reported_states, REPORT_STATES_MAX, *state);
}

static void report_identity_begin(u64 state)
{
	memset(&report_identity, 0, sizeof(report_identity));
	report_identity.state = state;
}

/* Past the digits at p, before end. */
static const char *report_skip_digits(const char *p, const char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

/* Where lockdep's "#2" starts in a class name as printed, or NULL: it ends the name,
 * only a "/1" subclass after it; a C++ name's own "{lambda()#1}" stays. */
static const char *report_name_version(const char *name, const char *end)
{
	const char *version = NULL, *rest;

	for (const char *p = name; p < end; p++)
		if (*p == '#' && p + 1 < end && p[1] >= '1' && p[1] <= '9')
			version = p;
	if (!version)
		return NULL;
	rest = report_skip_digits(version + 1, end);
	if (rest < end && (*rest != '/' || report_skip_digits(rest + 1, end) < end))
		return NULL;
	return version;
}

/* A class name as printed, without its #version: whether it is one named after the
 * code that first locked its lock (src/fingerprint_places.c). */
static bool class_named_by_first_use(const char *name, size_t len);

static bool report_name_first_use(const char *name, size_t len)
{
	const char *version = report_name_version(name, name + len);

	return class_named_by_first_use(name, version ? version - name : len);
}

/* A part's name, kept, and hashed without lockdep's "#2". */
static void report_part_set(struct report_part *part, const char *name, size_t len,
			    bool is_class)
{
	const char *end = name + len, *version = report_name_version(name, end);
	const char *rest = version ? report_skip_digits(version + 1, end) : end;

	part->hash = report_hash_text(name, version ? version - name : len);
	if (version && rest < end)	/* "/1": the subclass */
		part->hash = report_hash_mix(part->hash, report_hash_text(rest, end - rest));
	len = min(len, sizeof(part->name) - 1);
	memcpy(part->name, name, len);
	part->name[len] = '\0';
	part->is_class = is_class;
}

static void report_identity_add(u64 class, const struct report_part *part)
{
	unsigned int n = report_identity.nr_classes;

	for (unsigned int i = 0; i < n; i++)
		if (report_identity.classes[i] == class)
			return;
	if (n < REPORT_CLASSES_MAX) {
		report_identity.classes[n] = class;
		report_identity.parts[n] = *part;
		report_identity.nr_classes = n + 1;
	}
}

/* A class named in a line, by the span of its name there. */
static void report_identity_add_class(const char *name, size_t len)
{
	struct report_part part;

	report_part_set(&part, name, len, true);
	report_identity_add(part.hash, &part);
}

/* A decimal number at *p, which moves past it; -1 when there is none. Wait types
 * are single digits: a longer number stops growing (a name may hold any digits). */
static int report_parse_int(const char **p)
{
	int n = -1;

	for (; **p >= '0' && **p <= '9'; (*p)++)
		if (n < 100000)
			n = (n < 0 ? 0 : 10 * n) + (**p - '0');
	return n;
}

/*
 * The next class named in a line, as lockdep prints one: " (name){usage}-{o:i}" or
 * "lock (name) at:". Returns where to go on, NULL when there is none; *name and *len
 * give the name's place in the line; *inner is the class's inner wait type when the
 * line gives it, else -1.
 */
static const char *report_next_class(const char *line, const char **name, size_t *len,
				     int *inner)
{
	const char *open, *usage, *at, *wait;

	while ((open = strstr(line, " ("))) {
		open += 2;
		usage = strstr(open, "){");
		at = strstr(open, ") at:");
		*inner = -1;
		*name = open;
		if (usage && (!at || usage < at)) {
			*len = usage - open;
			wait = strstr(usage, "}-{");
			if (wait && (wait = strchr(wait, ':'))) {
				wait++;
				*inner = report_parse_int(&wait);
			}
			return usage + 2;
		}
		if (at) {
			*len = at - open;
			return at + 5;
		}
		line = open;
	}
	return NULL;
}

static bool report_starts(const char *line, const char *prefix)
{
	return !strncmp(line, prefix, strlen(prefix));
}

/* "2 locks held by x/12:", "no locks held by x/12." */
static bool report_is_held_locks_line(const char *line)
{
	return strstr(line, " held by ") &&
	       ((line[0] >= '0' && line[0] <= '9') || report_starts(line, "no locks"));
}

static bool report_ends_identity(const char *line)
{
	return report_starts(line, "other info that might help us debug this:") ||
	       report_starts(line, "stack backtrace:") || report_is_held_locks_line(line);
}

static void report_decide(void)
{
	u64 problem = report_hash_mix(report_identity.headline, report_identity.extra);

	report_identity.stage = STAGE_DECIDED;
	if (report_identity.culprit)
		report_identity_add(report_identity.culprit, &report_identity.culprit_part);
	/* A sum: the same classes in any order are the same identity. */
	for (unsigned int i = 0; i < report_identity.nr_classes; i++)
		problem += report_hash_member(report_identity.classes[i]);
	report_identity.duplicate = report_set_test_and_add(reported_problems,
			REPORT_PROBLEMS_MAX, &nr_reported_problems, problem | 1);
	if (report_identity.duplicate) {
		printk_discard_report();
	} else if (nr_reported_problems == REPORT_PROBLEMS_MAX / 2 && !problems_full_said) {
		problems_full_said = true;
		pr_warn("liblockdep: REPORT_PROBLEMS_MAX (%d) too low: later problems may be "
			"reported more than once\n", REPORT_PROBLEMS_MAX);
	}
}

/* The headline as printed, or for a report without one its first line. */
static void report_keep_headline(const char *line, size_t len)
{
	len = min(len, sizeof(report_identity.headline_text) - 1);
	memcpy(report_identity.headline_text, line, len);
	report_identity.headline_text[len] = '\0';
}

static void report_take_headline(const char *line, size_t len)
{
	report_keep_headline(line, len);
	report_identity.headline = report_hash_text(line, len);
	for (size_t i = 0; i < ARRAY_SIZE(report_kinds); i++) {
		if (strstr(line, report_kinds[i].headline)) {
			report_identity.kind = &report_kinds[i];
			/* Without the thread's name in it: "x/12 still has locks held!" */
			report_identity.headline = report_hash_text(report_kinds[i].headline,
					strlen(report_kinds[i].headline));
		}
	}
	report_identity.stage = STAGE_IDENTITY;
}

/* Invalid wait context: the held lock with the lowest inner wait type below the
 * context's, if any, is the culprit; the context itself otherwise. */
static void report_wait_context_line(const char *line)
{
	const char *context = line + strlen("context-{"), *name;
	size_t len;
	int inner;

	if (report_starts(line, "context-{")) {
		report_identity.culprit = report_hash_text(line, strlen(line));
		report_identity.culprit_inner = report_parse_int(&context);
		report_part_set(&report_identity.culprit_part, line, strlen(line), false);
	} else if (report_next_class(line, &name, &len, &inner) && inner >= 0 &&
		   inner < report_identity.culprit_inner) {
		report_identity.culprit_inner = inner;
		report_part_set(&report_identity.culprit_part, name, len, true);
		report_identity.culprit = report_identity.culprit_part.hash;
	}
}

/* Circular: a class the scenario takes for reading ("rlock(name);") makes another
 * cycle than the same classes all taken for writing. */
static void report_circular_scenario_line(const char *line)
{
	const char *name = strstr(line, "rlock("), *end;
	struct report_part part;

	if (name && (end = strstr(name, ");"))) {
		report_part_set(&part, name, end - name, false);
		report_identity_add(report_hash_mix(1, report_hash_text(name, end - name)), &part);
	}
}

static void report_identity_line(const char *line)
{
	enum report_rule rule = report_identity.kind ? report_identity.kind->rule
						     : RULE_BEFORE_OTHER_INFO;
	const char *name;
	size_t len;
	int inner;

	if (rule == RULE_IRQ_SAFETY && strstr(line, "but this new dependency connects"))
		report_identity.nr_classes = 0;	/* the safe and unsafe classes follow */
	if (report_starts(line, "inconsistent {"))
		report_identity.extra = report_hash_text(line, strlen(line));
	while ((line = report_next_class(line, &name, &len, &inner)))
		report_identity_add_class(name, len);
}

/* Each line of a report being printed, in order, without its newline: the identity
 * lines, then what the kind's rule reads further (up to the scenario's DEADLOCK line
 * or the stack backtrace). */
static void report_identity_note_line(const char *line, size_t len)
{
	const struct report_kind *kind = report_identity.kind;
	const char *name;
	size_t name_len;
	int inner;

	switch (report_identity.stage) {
	case STAGE_BEFORE_HEADLINE:
		if (len && strspn(line, "=") == len)
			report_identity.stage = STAGE_HEADLINE;
		else if (len && !report_identity.headline_text[0])
			report_keep_headline(line, len);
		return;
	case STAGE_HEADLINE:
		report_take_headline(line, len);
		return;
	case STAGE_IDENTITY:
		if (!report_ends_identity(line)) {
			report_identity_line(line);
			return;
		}
		if (!kind || kind->rule == RULE_IRQ_SAFETY) {
			report_decide();
			return;
		}
		report_identity.stage = STAGE_MORE;
		report_identity.culprit_inner = INT_MAX;
		fallthrough;
	case STAGE_MORE:
		if (report_starts(line, "stack backtrace:") ||
		    (kind->rule == RULE_CIRCULAR && strstr(line, "*** DEADLOCK ***")))
			report_decide();
		else if (kind->rule == RULE_CIRCULAR)
			report_circular_scenario_line(line);
		else if (kind->rule == RULE_WAIT_CONTEXT)
			report_wait_context_line(line);
		else if (report_next_class(line, &name, &name_len, &inner))
			report_identity_add_class(name, name_len);
		return;
	case STAGE_DECIDED:
		return;
	}
}

/* A kind's short name from a headline no table knows: its first words, lowercase,
 * joined by '-' ("WARNING: lock foo detected" -> "lock-foo-detected"). */
static void report_slug_from(const char *headline, char *slug, size_t size)
{
	size_t len = 0;
	const char *p;

	for (p = headline; *p == '[' || *p == ' '; p++)
		;
	for (const char *w = p; *w >= 'A' && *w <= 'Z'; w++)
		if (w[1] == ':')	/* "WARNING:", "BUG:", "INFO:" */
			p = w + 2;
	for (; *p && len + 2 < size; p++) {
		char c = *p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p;

		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			slug[len++] = c;
		else if (len && slug[len - 1] != '-')
			slug[len++] = '-';
	}
	while (len && (slug[len - 1] == '-' || len + 2 >= size))
		len--;
	slug[len] = '\0';
	if (!len)
		strcpy(slug, "report");
}

/* Whether a part stands for a class named after its first lock: the class, or the
 * read of it in a cycle's scenario ("rlock(name"). */
static bool report_part_first_use(const struct report_part *part)
{
	const char *name = part->name;

	if (!part->is_class && report_starts(name, "rlock("))
		name += strlen("rlock(");
	else if (!part->is_class)
		return false;
	return report_name_first_use(name, strlen(name));
}

/* The places in the code where the report shows classes named after their first lock
 * taken (src/fingerprint_places.c). */
static u64 report_first_use_places(void);

static void report_fingerprint_make(void)
{
	const char *headline = report_identity.headline_text;
	u64 h = report_identity.headline;
	u64 first_use = 0;

	if (!h)		/* a report without a headline row: its first line */
		h = report_hash_text(headline, strlen(headline));
	h = report_hash_mix(h, report_identity.extra);
	/* A sum: the classes in any order, a cycle from wherever it was entered. */
	for (unsigned int i = 0; i < report_identity.nr_classes; i++) {
		const struct report_part *part = &report_identity.parts[i];

		if (report_part_first_use(part))
			first_use += part->is_class ? 1ULL << 32 : 1;
		else
			h += report_hash_member(part->hash);
	}
	/* Such classes, and reads of them, by their number, then where they are taken. */
	if (first_use)
		h += report_hash_member(report_hash_mix(first_use, report_first_use_places()));
	h = report_hash_mix(h, 0);
	report_slug_from(headline, report_identity.slug, sizeof(report_identity.slug));
	for (size_t i = 0; i < ARRAY_SIZE(report_slugs); i++)
		if (strstr(headline, report_slugs[i].headline))
			strcpy(report_identity.slug, report_slugs[i].slug);
	liblockdep_snprintk(report_identity.fingerprint, sizeof(report_identity.fingerprint),
			    "%s-%08x", report_identity.slug, (unsigned int)(h ^ h >> 32));
}

/*
 * The report is complete. Returns whether it is to be printed: the first of its
 * problem, or one liblockdep cannot tell (no headline). Its state is remembered
 * either way, so that the same state is answered early next time.
 */
static bool report_identity_end(void)
{
	bool known = report_identity.stage != STAGE_BEFORE_HEADLINE &&
		     report_identity.stage != STAGE_HEADLINE;

	if (known && report_identity.stage != STAGE_DECIDED)
		report_decide();
	if (known)
		report_set_test_and_add(reported_states, REPORT_STATES_MAX, &nr_reported_states,
					report_identity.state);
	if (!known || !report_identity.duplicate)
		report_fingerprint_make();
	return !known || !report_identity.duplicate;
}

/* What the report that just ended is about, for its record (src/report_record.c). */
static void report_identity_describe(struct report_about *about)
{
	about->kind = report_identity.slug;
	about->headline = report_identity.headline_text;
	about->fingerprint = report_identity.fingerprint;
	about->rule = report_identity.headline_text;
	for (size_t i = 0; i < ARRAY_SIZE(report_kind_headlines); i++)
		if (!strcmp(report_identity.slug, report_kind_headlines[i].slug))
			about->rule = report_kind_headlines[i].headline;
	about->nr_classes = 0;
	for (unsigned int i = 0; i < report_identity.nr_classes; i++)
		if (report_identity.parts[i].is_class)
			about->classes[about->nr_classes++] = report_identity.parts[i].name;
}
