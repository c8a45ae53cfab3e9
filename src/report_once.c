/*
 * Each problem is reported once: a report is known by its kind and the lock classes
 * it is about, whatever the lock chain, the call site or the thread that ran into it.
 * Lockdep's own memory (its chain cache) only stops a repeat of the same chain; a
 * wait-context or irq-state check, a bad unlock, run before or outside that cache, and
 * one pair of classes met in many chains gives one report per chain.
 *
 * A report's identity is read from its text while it is held back (src/printk.c),
 * since lockdep's print functions are its own: the headline (the line after the row
 * of '='), then the classes, as lockdep prints them, "(name)" with its #version and
 * /subclass, that the kind's rule picks from the lines before "other info that might
 * help us debug this:" (or the held locks, or the stack backtrace, whichever is first):
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
 *   bad unlock, bad contention, held lock freed, nested lock not taken
 *                               the class of the lock
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

enum report_rule {
	RULE_BEFORE_OTHER_INFO,
	RULE_CIRCULAR,
	RULE_WAIT_CONTEXT,
	RULE_IRQ_SAFETY,
	RULE_HELD_LOCKS,
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

static void report_identity_add_class(u64 class)
{
	for (unsigned int i = 0; i < report_identity.nr_classes; i++)
		if (report_identity.classes[i] == class)
			return;
	if (report_identity.nr_classes < REPORT_CLASSES_MAX)
		report_identity.classes[report_identity.nr_classes++] = class;
}

/* A decimal number at *p, which moves past it; -1 when there is none. */
static int report_parse_int(const char **p)
{
	int n = -1;

	for (; **p >= '0' && **p <= '9'; (*p)++)
		n = (n < 0 ? 0 : 10 * n) + (**p - '0');
	return n;
}

/*
 * The next class named in a line, as lockdep prints one: " (name){usage}-{o:i}" or
 * "lock (name) at:". Returns where to go on, NULL when there is none; *inner is the
 * class's inner wait type when the line gives it, else -1.
 */
static const char *report_next_class(const char *line, u64 *class, int *inner)
{
	const char *open, *usage, *at, *wait;

	while ((open = strstr(line, " ("))) {
		open += 2;
		usage = strstr(open, "){");
		at = strstr(open, ") at:");
		*inner = -1;
		if (usage && (!at || usage < at)) {
			*class = report_hash_text(open, usage - open);
			wait = strstr(usage, "}-{");
			if (wait && (wait = strchr(wait, ':'))) {
				wait++;
				*inner = report_parse_int(&wait);
			}
			return usage + 2;
		}
		if (at) {
			*class = report_hash_text(open, at - open);
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
		report_identity_add_class(report_identity.culprit);
	/* A sum: the same classes in any order are the same identity. */
	for (unsigned int i = 0; i < report_identity.nr_classes; i++)
		problem += report_hash_mix(0, report_identity.classes[i]);
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

static void report_take_headline(const char *line, size_t len)
{
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
	const char *context = line + strlen("context-{");
	u64 class;
	int inner;

	if (report_starts(line, "context-{")) {
		report_identity.culprit = report_hash_text(line, strlen(line));
		report_identity.culprit_inner = report_parse_int(&context);
	} else if (report_next_class(line, &class, &inner) && inner >= 0 &&
		   inner < report_identity.culprit_inner) {
		report_identity.culprit = class;
		report_identity.culprit_inner = inner;
	}
}

/* Circular: a class the scenario takes for reading ("rlock(name);") makes another
 * cycle than the same classes all taken for writing. */
static void report_circular_scenario_line(const char *line)
{
	const char *name = strstr(line, "rlock("), *end;

	if (name && (end = strstr(name, ");")))
		report_identity_add_class(report_hash_mix(1, report_hash_text(name, end - name)));
}

static void report_identity_line(const char *line)
{
	enum report_rule rule = report_identity.kind ? report_identity.kind->rule
						     : RULE_BEFORE_OTHER_INFO;
	u64 class;
	int inner;

	if (rule == RULE_IRQ_SAFETY && strstr(line, "but this new dependency connects"))
		report_identity.nr_classes = 0;	/* the safe and unsafe classes follow */
	if (report_starts(line, "inconsistent {"))
		report_identity.extra = report_hash_text(line, strlen(line));
	while ((line = report_next_class(line, &class, &inner)))
		report_identity_add_class(class);
}

/* Each line of a report being printed, in order, without its newline: the identity
 * lines, then what the kind's rule reads further (up to the scenario's DEADLOCK line
 * or the stack backtrace). */
static void report_identity_note_line(const char *line, size_t len)
{
	const struct report_kind *kind = report_identity.kind;
	u64 class;
	int inner;

	switch (report_identity.stage) {
	case STAGE_BEFORE_HEADLINE:
		if (len && strspn(line, "=") == len)
			report_identity.stage = STAGE_HEADLINE;
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
		else if (report_next_class(line, &class, &inner))
			report_identity_add_class(class);
		return;
	case STAGE_DECIDED:
		return;
	}
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
	return !known || !report_identity.duplicate;
}
