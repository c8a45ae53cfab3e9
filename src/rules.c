/*
 * The rules file, LIBLOCKDEP_RULES=path: what a project tells liblockdep about its
 * own code, so that a CI can run with the default classes and fail only on what is
 * new. Read once, with the settings; one rule a line, words separated by blanks, a
 * word starting with '#' starts a comment:
 *
 *   wrapper WHERE                     a lock-creating helper: the class of a lock it
 *                                     creates is the first call site outside it
 *   classes site|stack|instance WHERE the class granularity of locks created there
 *   name NAME WHERE|class=GLOB        a class's name
 *   suppress [KIND] CONDITION...      a report that is not printed
 *
 * WHERE is function=GLOB and/or object=GLOB (the file name of the program or a
 * library, "libsqlite3.so*"), matched against the code that initialised the lock, or
 * first locked it, and against the call site its class is keyed by (past wrappers).
 * A suppress rule's conditions must all hold: class=GLOB (repeatable: every class of
 * the report matches one of them, each matches a class), fingerprint=, function= and
 * object= (a frame of the report), library=GLOB (every class of the report was
 * created in, or lives in, such an object). Globs know '*' and '?'.
 *
 * A line that cannot be parsed, or a file that cannot be read, is one error line
 * naming file:line and makes the exit status that of a run with reports: a typo must
 * not hide findings. The rest of the file still applies.
 */
#define LOCK_RULES_MAX		1024
#define RULES_FILE_MAX		(1024 * 1024)
#define RULE_WORDS_MAX		16
#define RULE_CLASS_GLOBS_MAX	8

enum rule_verb { RULE_WRAPPER, RULE_CLASSES, RULE_NAME, RULE_SUPPRESS };
static const char *const rule_verbs[] = { "wrapper", "classes", "name", "suppress", NULL };

struct lock_rule {
	enum rule_verb verb;
	unsigned int line;
	enum lock_classes classes;	/* classes */
	const char *name;		/* name: the class's new name */
	const char *kind;		/* suppress: a report kind; NULL for any */
	const char *function, *object, *library, *fingerprint;
	const char *class_globs[RULE_CLASS_GLOBS_MAX];
	unsigned int nr_class_globs;
	unsigned long matches;
};

/* What each condition is and which rules take it. */
#define WHERE_VERBS	(1u << RULE_WRAPPER | 1u << RULE_CLASSES | 1u << RULE_NAME | 1u << RULE_SUPPRESS)
static const struct rule_condition {
	const char *key;
	size_t field;		/* offset of its const char * in struct lock_rule */
	unsigned int verbs;	/* a bit per verb */
} rule_conditions[] = {
	{ "function", offsetof(struct lock_rule, function), WHERE_VERBS },
	{ "object", offsetof(struct lock_rule, object), WHERE_VERBS },
	{ "class", offsetof(struct lock_rule, class_globs), 1u << RULE_NAME | 1u << RULE_SUPPRESS },
	{ "fingerprint", offsetof(struct lock_rule, fingerprint), 1u << RULE_SUPPRESS },
	{ "library", offsetof(struct lock_rule, library), 1u << RULE_SUPPRESS },
};

static struct lock_rule lock_rules[LOCK_RULES_MAX];
static unsigned int nr_lock_rules;
static unsigned int lock_rules_errors;	/* makes the exit status a report's */
static bool lock_rules_for_sites;	/* some rule is about where locks are created */
static const char *lock_rules_file;	/* as shown in messages */

/* Whether text (len bytes) matches glob: '*' any run of bytes, '?' any one byte. */
static bool rule_glob_match(const char *glob, const char *text, size_t len)
{
	const char *star = NULL;
	size_t t = 0, resume = 0;

	while (t < len) {
		if (*glob == '*') {
			star = ++glob;
			resume = t;
		} else if (*glob && (*glob == '?' || *glob == text[t])) {
			glob++;
			t++;
		} else if (star) {
			glob = star;
			t = ++resume;
		} else {
			return false;
		}
	}
	while (*glob == '*')
		glob++;
	return !*glob;
}

static bool rule_glob(const char *glob, const char *text)
{
	return !glob || (text && rule_glob_match(glob, text, strlen(text)));
}

/*
 * A file that is not a rules file (LIBLOCKDEP_RULES=/etc/shadow) must not be shown by
 * its errors: each quotes at most 16 bytes of the one word at fault (escaped), and
 * only the first RULES_ERRORS_SHOWN are printed, then how many more there were.
 */
#define RULE_QUOTED		23	/* environment_value_escape(): 16 bytes, "..." */
#define RULES_ERRORS_SHOWN	3

/* An error line; the file's words in it are shown escaped (text_escape()). */
static __printf(2, 3) void rules_error(unsigned int line, const char *fmt, ...)
{
	char text[512], what[4 * 512];
	va_list ap;

	if (++lock_rules_errors > RULES_ERRORS_SHOWN)
		return;
	va_start(ap, fmt);
	liblockdep_vsnprintk(text, sizeof(text), fmt, ap);
	va_end(ap);
	text_escape(what, sizeof(what), text, "");
	if (line)
		printk(KERN_ERR "liblockdep: %s:%u: %s\n", lock_rules_file, line, what);
	else
		printk(KERN_ERR "liblockdep: %s: %s\n", lock_rules_file, what);
}

/* A class's name as a report can show it: no blanks (rules are words), nothing that
 * reads as the end of "(name)" or its usage "{...}". */
static bool rule_name_ok(const char *name)
{
	return !strpbrk(name, "(){}");
}

/* A report kind by its name in fingerprints (report_slugs[], src/report_once.c). */
static const char *rule_kind_word(const char *word)
{
	for (size_t i = 0; i < ARRAY_SIZE(report_slugs); i++)
		if (!strcmp(word, report_slugs[i].slug))
			return report_slugs[i].slug;
	return NULL;
}

static void rule_unknown_kind(unsigned int line, const char *word)
{
	char kinds[512], quoted[RULE_QUOTED];
	size_t len = 0;

	for (size_t i = 0; i < ARRAY_SIZE(report_slugs); i++)
		len += liblockdep_snprintk(kinds + len, sizeof(kinds) - len, "%s%s",
					   i ? ", " : "", report_slugs[i].slug);
	rules_error(line, "unknown report kind \"%s\" (expected %s or *)",
		    environment_value_escape(quoted, sizeof(quoted), word), kinds);
}

/* One key=value word of the rule; false after an error line. */
static bool rule_add_condition(struct lock_rule *rule, unsigned int line, char *word)
{
	char *value = strchr(word, '=');
	const struct rule_condition *c = NULL;
	char quoted[RULE_QUOTED];
	const char **field;

	if (value) {
		*value++ = '\0';
		for (size_t i = 0; i < ARRAY_SIZE(rule_conditions); i++)
			if (!strcmp(word, rule_conditions[i].key))
				c = &rule_conditions[i];
	}
	if (!c) {
		rules_error(line, "\"%s\" is not a condition (expected function=, object=, "
			    "class=, fingerprint= or library=)",
			    environment_value_escape(quoted, sizeof(quoted), word));
		return false;
	}
	if (!(c->verbs & 1u << rule->verb)) {
		rules_error(line, "%s does not take %s=", rule_verbs[rule->verb], c->key);
		return false;
	}
	if (!*value) {
		rules_error(line, "%s= needs a value", c->key);
		return false;
	}
	if (c->field == offsetof(struct lock_rule, class_globs)) {
		if (rule->nr_class_globs == (rule->verb == RULE_NAME ? 1 : RULE_CLASS_GLOBS_MAX)) {
			rules_error(line, "too many class= (at most %d)",
				    rule->verb == RULE_NAME ? 1 : RULE_CLASS_GLOBS_MAX);
			return false;
		}
		rule->class_globs[rule->nr_class_globs++] = value;
		return true;
	}
	field = (const char **)((char *)rule + c->field);
	if (*field) {
		rules_error(line, "%s= twice", c->key);
		return false;
	}
	*field = value;
	return true;
}

/* The words of a rule after its verb (and the verb's own word). */
static bool rule_parse(struct lock_rule *rule, unsigned int line, char **words,
		       unsigned int nr)
{
	unsigned int first = 1;

	switch (rule->verb) {
	case RULE_CLASSES:
		if (nr < 2 || setting_word(words[1], classes_words) < 0) {
			rules_error(line, "classes needs site, stack or instance first");
			return false;
		}
		rule->classes = setting_word(words[1], classes_words);
		first = 2;
		break;
	case RULE_NAME:
		if (nr < 2 || strchr(words[1], '=') || !rule_name_ok(words[1])) {
			rules_error(line, "name needs a class name first (without ( ) { })");
			return false;
		}
		rule->name = words[1];
		first = 2;
		break;
	case RULE_SUPPRESS:
		if (nr >= 2 && !strchr(words[1], '=')) {
			rule->kind = strcmp(words[1], "*") ? rule_kind_word(words[1]) : NULL;
			if (strcmp(words[1], "*") && !rule->kind) {
				rule_unknown_kind(line, words[1]);
				return false;
			}
			first = 2;
		}
		break;
	case RULE_WRAPPER:
		break;
	}
	for (unsigned int i = first; i < nr; i++)
		if (!rule_add_condition(rule, line, words[i]))
			return false;
	if (rule->verb != RULE_SUPPRESS && !rule->function && !rule->object &&
	    !rule->nr_class_globs) {
		rules_error(line, "%s needs function= or object=%s", rule_verbs[rule->verb],
			    rule->verb == RULE_NAME ? " or class=" : "");
		return false;
	}
	if (rule->verb == RULE_SUPPRESS && nr < 2) {
		rules_error(line, "suppress needs a report kind or a condition");
		return false;
	}
	return true;
}

/* Splits a line into its words, in place, up to a comment; -1 when too many. */
static int rule_words(char *text, char **words)
{
	int nr = 0;

	for (;;) {
		text += strspn(text, " \t\r");
		if (!*text || *text == '#')
			return nr;
		if (nr == RULE_WORDS_MAX)
			return -1;
		words[nr++] = text;
		text += strcspn(text, " \t\r");
		if (*text)
			*text++ = '\0';
	}
}

static void rules_parse_line(char *text, unsigned int line)
{
	char *words[RULE_WORDS_MAX], quoted[RULE_QUOTED];
	struct lock_rule rule = { .line = line };
	int nr, verb;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if ((*p < 0x20 && *p != '\t' && *p != '\r') || *p == 0x7f) {
			rules_error(line, "control character 0x%02x", *p);
			return;
		}
	}
	nr = rule_words(text, words);
	if (nr < 0) {
		rules_error(line, "more than %d words", RULE_WORDS_MAX);
		return;
	}
	if (!nr)
		return;
	verb = setting_word(words[0], rule_verbs);
	if (verb < 0) {
		rules_error(line, "unknown rule \"%s\" (expected wrapper, classes, name or "
			    "suppress)", environment_value_escape(quoted, sizeof(quoted), words[0]));
		return;
	}
	rule.verb = verb;
	if (!rule_parse(&rule, line, words, nr))
		return;
	if (nr_lock_rules == LOCK_RULES_MAX) {
		rules_error(line, "more than %d rules", LOCK_RULES_MAX);
		return;
	}
	lock_rules[nr_lock_rules++] = rule;
	if (verb != RULE_SUPPRESS)
		lock_rules_for_sites = true;
}

/* The rules in text (len bytes, written over); rules point into it. */
static void rules_parse(char *text, size_t len)
{
	unsigned int line = 0;
	char *end = text + len;

	/* The mark some editors put first in a UTF-8 file is not part of a rule. */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		text += 3;

	while (text < end) {
		char *eol = memchr(text, '\n', end - text) ?: end;
		size_t nul = strnlen(text, eol - text);

		line++;
		*eol = '\0';
		if (text + nul < eol)
			rules_error(line, "control character 0x00");
		else
			rules_parse_line(text, line);
		text = eol + 1;
	}
}

/* Reads the file named by LIBLOCKDEP_RULES, once, as settings are read. */
static void lock_rules_read(const char *path)
{
	static char shown[PATH_MAX];
	struct stat st;
	char *text = NULL;
	size_t len = 0;
	ssize_t got;
	int fd;

	if (!path)
		return;
	lock_rules_file = environment_value_escape(shown, sizeof(shown), path);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		rules_error(0, "cannot read the rules: %s", error_words(errno));
		return;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		rules_error(0, "cannot read the rules: not a regular file");
	} else if (st.st_size > RULES_FILE_MAX) {
		rules_error(0, "cannot read the rules: larger than %d bytes", RULES_FILE_MAX);
	} else if ((text = liblockdep_alloc(st.st_size + 1))) {
		while (len < (size_t)st.st_size &&
		       ((got = read(fd, text + len, st.st_size - len)) > 0 ||
			(got < 0 && errno == EINTR)))
			len += got > 0 ? got : 0;
		if (len < (size_t)st.st_size)
			rules_error(0, "cannot read the rules: %s",
				    got < 0 ? error_words(errno) : "the file shrank");
		else
			rules_parse(text, len);
	}
	close(fd);
	if (lock_rules_errors > RULES_ERRORS_SHOWN)
		printk(KERN_ERR "liblockdep: %s: %u more errors not shown\n", lock_rules_file,
		       lock_rules_errors - RULES_ERRORS_SHOWN);
}

/* The rule as a line of the file would say it, into buf. */
static const char *rule_format(const struct lock_rule *rule, char *buf, size_t size)
{
	size_t len = liblockdep_snprintk(buf, size, "%s", rule_verbs[rule->verb]);

	if (rule->verb == RULE_CLASSES)
		len += liblockdep_snprintk(buf + len, size - len, " %s", classes_words[rule->classes]);
	if (rule->verb == RULE_NAME)
		len += liblockdep_snprintk(buf + len, size - len, " %s", rule->name);
	if (rule->verb == RULE_SUPPRESS)
		len += liblockdep_snprintk(buf + len, size - len, " %s", rule->kind ?: "*");
	for (size_t i = 0; i < ARRAY_SIZE(rule_conditions); i++) {
		const struct rule_condition *c = &rule_conditions[i];
		const char *const *field = (const char *const *)((const char *)rule + c->field);
		unsigned int n = c->field == offsetof(struct lock_rule, class_globs) ?
				 rule->nr_class_globs : !!*field;

		for (unsigned int j = 0; j < n; j++)
			len += liblockdep_snprintk(buf + len, size - len, " %s=%s", c->key, field[j]);
	}
	return buf;
}

static void rule_matched(struct lock_rule *rule)
{
	__atomic_add_fetch(&rule->matches, 1, __ATOMIC_RELAXED);
}

/* Whether a WHERE rule takes the code at a place (its function, its object). */
static bool rule_where(const struct lock_rule *rule, const struct sym_place *place)
{
	return rule_glob(rule->function, place->name) && rule_glob(rule->object, place->object);
}

/* Whether the function sym is a wrapper by a rule (src/lock_plumbing.c). */
static bool lock_rules_wrapper(unsigned long ip)
{
	struct sym_place place = { 0 };

	if (!lock_rules_for_sites || !sym_lookup(ip, &place))
		return false;
	for (unsigned int i = 0; i < nr_lock_rules; i++) {
		struct lock_rule *rule = &lock_rules[i];

		if (rule->verb == RULE_WRAPPER && rule_where(rule, &place)) {
			rule_matched(rule);
			return true;
		}
	}
	return false;
}

/*
 * A new lock site (src/lock_sites.c) at ip, named *name: the class granularity a
 * classes rule gives the code at ip, or else fallback; a name rule renames it. The
 * first rule of each verb that matches decides.
 */
static enum lock_classes lock_rules_site(unsigned long ip, const char **name,
					 enum lock_classes fallback)
{
	struct sym_place place = { 0 };
	bool classes_done = false, name_done = false;

	if (!lock_rules_for_sites)
		return fallback;
	sym_lookup(ip, &place);
	for (unsigned int i = 0; i < nr_lock_rules; i++) {
		struct lock_rule *rule = &lock_rules[i];

		if (rule->verb == RULE_CLASSES && !classes_done && rule_where(rule, &place)) {
			classes_done = true;
			fallback = rule->classes;
			rule_matched(rule);
		} else if (rule->verb == RULE_NAME && !name_done && rule_where(rule, &place) &&
			   (!rule->nr_class_globs || rule_glob(rule->class_globs[0], *name))) {
			name_done = true;
			*name = rule->name;
			rule_matched(rule);
		}
	}
	return fallback;
}

/* A lock in static storage, named *name after its symbol: a name rule by class= may
 * rename it. */
static void lock_rules_static_name(const char **name)
{
	if (!lock_rules_for_sites)
		return;
	for (unsigned int i = 0; i < nr_lock_rules; i++) {
		struct lock_rule *rule = &lock_rules[i];

		if (rule->verb == RULE_NAME && !rule->function && !rule->object &&
		    rule_glob(rule->class_globs[0], *name)) {
			*name = rule->name;
			rule_matched(rule);
			return;
		}
	}
}

static const char *lock_class_object(const char *printed);

/* A class as rules name it: as printed, without lockdep's "#N" (which tells apart
 * classes of one name in the order they were made), its "/subclass" kept. */
static void rule_class_name(const char *printed, char *out, size_t size)
{
	const char *version = strrchr(printed, '#');
	size_t digits = version ? strspn(version + 1, "0123456789") : 0;

	if (!digits || (version[1 + digits] && version[1 + digits] != '/'))
		version = NULL;
	liblockdep_snprintk(out, size, "%.*s%s", version ? (int)(version - printed) : INT_MAX,
			    printed, version ? version + 1 + digits : "");
}

/* Whether a class name fits whole in the room a rule has for it: a suggested rule
 * about a name cut short would name another class too. */
static bool rule_class_name_whole(const char *printed)
{
	return strlen(printed) < REPORT_NAME_MAX - 1;
}

/* The classes of the report being decided, as rules name them. */
static struct {
	char names[REPORT_CLASSES_MAX][REPORT_NAME_MAX];
	unsigned int nr;
} rule_report_classes;

/* Every class of the report matches one of the rule's globs, each glob a class. */
static bool rule_classes_match(const struct lock_rule *rule)
{
	unsigned int globs_matched = 0;

	if (!rule_report_classes.nr)
		return false;
	for (unsigned int i = 0; i < rule_report_classes.nr; i++) {
		unsigned int matched = 0;

		for (unsigned int g = 0; g < rule->nr_class_globs; g++)
			if (rule_glob(rule->class_globs[g], rule_report_classes.names[i]))
				matched |= 1u << g;
		if (!matched)
			return false;
		globs_matched |= matched;
	}
	return globs_matched == (1u << rule->nr_class_globs) - 1;
}

/* A frame of the report is in a function and an object the rule names. */
static bool rule_frames_match(const struct lock_rule *rule, const struct report_record *r)
{
	for (unsigned int i = 0; i < r->nr_frames; i++)
		if (rule_glob(rule->function, r->frames[i].function) &&
		    rule_glob(rule->object, r->frames[i].object))
			return true;
	return false;
}

/* Every class of the report belongs to an object the rule names. */
static bool rule_library_match(const struct lock_rule *rule, const struct report_record *r)
{
	if (!r->about.nr_classes)
		return false;
	for (unsigned int i = 0; i < r->about.nr_classes; i++)
		if (!rule_glob(rule->library, lock_class_object(r->about.classes[i])))
			return false;
	return true;
}

static bool rule_suppresses(const struct lock_rule *rule, const struct report_record *r)
{
	return (!rule->kind || !strcmp(rule->kind, r->about.kind)) &&
	       (!rule->fingerprint || !strcmp(rule->fingerprint, r->about.fingerprint)) &&
	       (!rule->nr_class_globs || rule_classes_match(rule)) &&
	       (!(rule->function || rule->object) || rule_frames_match(rule, r)) &&
	       (!rule->library || rule_library_match(rule, r));
}

/*
 * The rule line that would suppress this report, printed at its end: by its kind and
 * classes, which say what it is about (a blank in a name becomes '?', as a rule is
 * words); by its fingerprint when that cannot be said (a name too long to keep whole,
 * or one after the code that first locked its lock, which another test order
 * changes: src/fingerprint_places.c), or does not match.
 */
static void rule_suggest(const struct report_record *r)
{
	static struct lock_rule rule;		/* under the graph lock, off small stacks */
	static char line[PRINTK_LINE_MAX - 32];

	rule = (struct lock_rule){ .verb = RULE_SUPPRESS, .kind = rule_kind_word(r->about.kind) };

	if (rule.kind && rule_report_classes.nr && rule_report_classes.nr <= RULE_CLASS_GLOBS_MAX) {
		for (unsigned int i = 0; i < rule_report_classes.nr; i++) {
			if (!rule_class_name_whole(r->about.classes[i]) ||
			    report_name_first_use(r->about.classes[i],
						  strlen(r->about.classes[i])))
				goto by_fingerprint;
			for (char *c = rule_report_classes.names[i]; *c; c++)
				*c = *c == ' ' || *c == '\t' ? '?' : *c;
			rule.class_globs[rule.nr_class_globs++] = rule_report_classes.names[i];
		}
		rule_format(&rule, line, sizeof(line));
		if (strlen(line) < sizeof(line) - 1 && rule_suppresses(&rule, r)) {
			printk("rule to suppress it: %s\n", line);
			return;
		}
	}
by_fingerprint:
	printk("rule to suppress it: suppress fingerprint=%s\n", r->about.fingerprint);
}

/* At the end of each report, before anything of it is written (src/report_record.c):
 * the first suppress rule that matches drops it; otherwise it ends with the rule that
 * would. Under the graph lock. */
static bool report_rules_suppress(const struct report_record *r)
{
	rule_report_classes.nr = r->about.nr_classes;
	for (unsigned int i = 0; i < r->about.nr_classes; i++)
		rule_class_name(r->about.classes[i], rule_report_classes.names[i],
				sizeof(rule_report_classes.names[i]));
	for (unsigned int i = 0; i < nr_lock_rules; i++) {
		struct lock_rule *rule = &lock_rules[i];

		if (rule->verb == RULE_SUPPRESS && rule_suppresses(rule, r)) {
			rule_matched(rule);
			return true;
		}
	}
	rule_suggest(r);
	return false;
}

/* With the summary at exit: what the suppressions did, and each rule that matched
 * nothing in this process, so that a stale one is found. */
static void lock_rules_summary(void)
{
	unsigned long suppressed;
	unsigned int used = 0;
	char text[512];

	if (!lock_rules_file)
		return;
	for (unsigned int i = 0; i < nr_lock_rules; i++)
		used += lock_rules[i].verb == RULE_SUPPRESS && READ_ONCE(lock_rules[i].matches);
	suppressed = READ_ONCE(liblockdep_reports_suppressed);
	printk(KERN_INFO "liblockdep: %lu report%s suppressed by %u rule%s\n",
	       suppressed, str_plural(suppressed), used, str_plural(used));
	for (unsigned int i = 0; i < nr_lock_rules; i++)
		if (!READ_ONCE(lock_rules[i].matches))
			printk(KERN_INFO "liblockdep: %s:%u: rule matched nothing: %s\n",
			       lock_rules_file, lock_rules[i].line,
			       rule_format(&lock_rules[i], text, sizeof(text)));
}
