/*
 * lockdep --merge-sarif OUT IN...: the SARIF logs that LIBLOCKDEP_SARIF wrote, one per
 * process of a test suite, as ONE log with ONE run, which is what GitHub code scanning
 * takes in an upload (one run per tool and category, at most 20 runs). The run has the
 * union of the rules, each result once (by partialFingerprints), an
 * automationDetails.id ($LIBLOCKDEP_SARIF_CATEGORY, else "liblockdep/"), and every
 * file named relative to one source root ($LIBLOCKDEP_SRCROOT, else the working
 * directory) as %SRCROOT%: each process named its files relative to its own working
 * directory (a CMake build directory, say), or as absolute file:// URIs, as files
 * outside the root stay; a relative URI without a base, which SARIF does not allow
 * and an older log may hold (a C library file named "./nptl/..."), names no file
 * that can be found, and its physicalLocation is left out. A result
 * whose place is outside the root (a libstdc++ header) is placed at the first frame
 * of its stacks inside the root, backtrace first, when there is one.
 *
 * The logs are untrusted input: a strict JSON reader (RFC 8259, nesting at most
 * SARIF_MERGE_DEPTH deep), and one error line naming the file and the problem for
 * anything that is not a liblockdep SARIF log. Runs in the tool only, never on a
 * lock path: its memory is pages of its own, all given back at the end.
 */
#define SARIF_MERGE_DEPTH	64
#define SARIF_MERGE_FILE_MAX	(256UL << 20)
#define SARIF_MERGE_CHUNK	(256 * 1024)

/* A JSON value; an object's or array's members are a list, each with its key. */
struct sarif_node {
	char type;			/* '{', '[', '"' (string), '0' (number), 't', 'f', 'n' */
	const char *key;		/* as a member of an object */
	const char *text;		/* a string's bytes, a number's digits */
	size_t len;
	struct sarif_node *child, *next;
	const char *path;		/* an artifactLocation's file, absolute */
};

/* Memory of the merge: chunks of pages, freed together. */
struct sarif_chunk {
	struct sarif_chunk *next;
	size_t size, used;
	char data[];
};

struct sarif_merge {
	struct sarif_chunk *chunks;
	const char *error;		/* of the input being added */
	char root[PATH_MAX];		/* with a '/' at its end */
	size_t root_len;
	const char *version;		/* the driver's, of the first log */
	const char *information_uri;	/* likewise */
	struct sarif_node *rules, **rules_tail;
	struct sarif_node *results, **results_tail;
	struct sarif_node *bases;	/* the originalUriBaseIds of the run being read */
};

static void *sarif_merge_alloc(struct sarif_merge *m, size_t size)
{
	struct sarif_chunk *c = m->chunks;
	size_t want;

	size = (size + 15) & ~(size_t)15;
	if (!c || c->size - c->used < size) {
		want = max_t(size_t, SARIF_MERGE_CHUNK, size + sizeof(*c));
		c = liblockdep_pages_alloc(want);
		if (!c)
			return NULL;
		c->size = want - sizeof(*c);
		c->next = m->chunks;
		m->chunks = c;
	}
	c->used += size;
	return c->data + c->used - size;
}

static void sarif_merge_free(struct sarif_merge *m)
{
	while (m->chunks) {
		struct sarif_chunk *c = m->chunks;

		m->chunks = c->next;
		liblockdep_pages_free(c, c->size + sizeof(*c));
	}
}

/* The strict reader: a cursor over one file's text. */
struct sarif_reader {
	struct sarif_merge *m;
	const char *p, *end, *start;
	const char *error;
};

static struct sarif_node *sarif_fail(struct sarif_reader *r, const char *why)
{
	if (!r->error)
		r->error = why;
	return NULL;
}

static void sarif_skip_space(struct sarif_reader *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static int sarif_hex4(const char *p)
{
	int value = 0;

	for (int i = 0; i < 4; i++) {
		char c = p[i];

		value <<= 4;
		if (c >= '0' && c <= '9')
			value |= c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			value |= (c | 0x20) - 'a' + 10;
		else
			return -1;
	}
	return value;
}

static size_t sarif_utf8(char *out, unsigned int cp)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = 0xc0 | cp >> 6;
		out[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = 0xe0 | cp >> 12;
		out[1] = 0x80 | (cp >> 6 & 0x3f);
		out[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	out[0] = 0xf0 | cp >> 18;
	out[1] = 0x80 | (cp >> 12 & 0x3f);
	out[2] = 0x80 | (cp >> 6 & 0x3f);
	out[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* A \uXXXX escape (a surrogate pair as one), at r->p after the 'u'; -1 if bad. */
static long sarif_unicode_escape(struct sarif_reader *r)
{
	int hi, lo;

	if (r->end - r->p < 4 || (hi = sarif_hex4(r->p)) < 0)
		return -1;
	r->p += 4;
	if (hi < 0xd800 || hi > 0xdfff)
		return hi;
	if (hi > 0xdbff || r->end - r->p < 6 || r->p[0] != '\\' || r->p[1] != 'u' ||
	    (lo = sarif_hex4(r->p + 2)) < 0xdc00 || lo > 0xdfff)
		return -1;
	r->p += 6;
	return 0x10000 + ((long)(hi - 0xd800) << 10) + (lo - 0xdc00);
}

/* A string at r->p (its '"'), decoded into memory of the merge, '\0'-terminated;
 * a "\u0000" is refused, as no name of ours has one. */
static const char *sarif_read_string(struct sarif_reader *r, size_t *len)
{
	const char *close = ++r->p;
	char *out, *o;

	while (close < r->end && *close != '"')
		close += *close == '\\' ? 2 : 1;
	if (close >= r->end)
		return (const char *)sarif_fail(r, "a string is not closed");
	o = out = sarif_merge_alloc(r->m, close - r->p + 1);
	if (!out)
		return (const char *)sarif_fail(r, "out of memory");
	while (r->p < close) {
		unsigned char c = *r->p++;
		long cp;

		if (c < 0x20)
			return (const char *)sarif_fail(r, "a control character in a string");
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		c = *r->p++;
		switch (c) {
		case '"': case '\\': case '/': *o++ = c; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			cp = sarif_unicode_escape(r);
			if (cp <= 0)
				return (const char *)sarif_fail(r, "a bad \\u escape in a string");
			o += sarif_utf8(o, cp);
			break;
		default:
			return (const char *)sarif_fail(r, "a bad escape in a string");
		}
	}
	/* A "\uXXXX" never makes more bytes than its six, so out is large enough. */
	r->p = close + 1;
	*o = '\0';
	*len = o - out;
	return out;
}

/* A number as RFC 8259 writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool sarif_read_number(struct sarif_reader *r)
{
	const char *p = r->p;

	if (p < r->end && *p == '-')
		p++;
	if (p < r->end && *p == '0')
		p++;
	else if (p < r->end && *p >= '1' && *p <= '9')
		while (p < r->end && *p >= '0' && *p <= '9')
			p++;
	else
		return false;
	if (p < r->end && *p == '.') {
		if (++p >= r->end || *p < '0' || *p > '9')
			return false;
		while (p < r->end && *p >= '0' && *p <= '9')
			p++;
	}
	if (p < r->end && (*p == 'e' || *p == 'E')) {
		if (++p < r->end && (*p == '+' || *p == '-'))
			p++;
		if (p >= r->end || *p < '0' || *p > '9')
			return false;
		while (p < r->end && *p >= '0' && *p <= '9')
			p++;
	}
	r->p = p;
	return true;
}

static struct sarif_node *sarif_read_value(struct sarif_reader *r, int depth);

/* The members of an object or the elements of an array, r->p after its bracket. */
static struct sarif_node *sarif_read_members(struct sarif_reader *r, struct sarif_node *n,
					     int depth)
{
	char close = n->type == '{' ? '}' : ']';
	struct sarif_node **tail = &n->child;

	sarif_skip_space(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return n;
	}
	for (;;) {
		const char *key = NULL;
		size_t len;

		sarif_skip_space(r);
		if (n->type == '{') {
			if (r->p >= r->end || *r->p != '"')
				return sarif_fail(r, "an object's member has no key");
			key = sarif_read_string(r, &len);
			if (!key)
				return NULL;
			sarif_skip_space(r);
			if (r->p >= r->end || *r->p++ != ':')
				return sarif_fail(r, "no ':' after a key");
		}
		*tail = sarif_read_value(r, depth + 1);
		if (!*tail)
			return NULL;
		(*tail)->key = key;
		tail = &(*tail)->next;
		sarif_skip_space(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p++ == close)
			return n;
		return sarif_fail(r, n->type == '{' ? "an object is not closed"
						    : "an array is not closed");
	}
}

static bool sarif_read_word(struct sarif_reader *r, const char *word)
{
	size_t len = strlen(word);

	if ((size_t)(r->end - r->p) < len || memcmp(r->p, word, len))
		return false;
	r->p += len;
	return true;
}

static struct sarif_node *sarif_read_value(struct sarif_reader *r, int depth)
{
	struct sarif_node *n;
	const char *start;

	if (depth > SARIF_MERGE_DEPTH)
		return sarif_fail(r, "nested too deep");
	sarif_skip_space(r);
	if (r->p >= r->end)
		return sarif_fail(r, "the text ends where a value should be");
	n = sarif_merge_alloc(r->m, sizeof(*n));
	if (!n)
		return sarif_fail(r, "out of memory");
	start = r->p;
	n->type = *r->p;
	switch (*r->p) {
	case '{': case '[':
		r->p++;
		return sarif_read_members(r, n, depth);
	case '"':
		n->text = sarif_read_string(r, &n->len);
		return n->text ? n : NULL;
	case 't': case 'f': case 'n':
		if (sarif_read_word(r, n->type == 't' ? "true" : n->type == 'f' ? "false" : "null"))
			return n;
		return sarif_fail(r, "not a JSON value");
	}
	n->type = '0';
	if (!sarif_read_number(r))
		return sarif_fail(r, "not a JSON value");
	n->text = start;
	n->len = r->p - start;
	return n;
}

/* The whole text as one JSON value; NULL with r->error set otherwise. */
static struct sarif_node *sarif_parse(struct sarif_reader *r)
{
	struct sarif_node *n = sarif_read_value(r, 0);

	sarif_skip_space(r);
	if (n && r->p != r->end)
		return sarif_fail(r, "text after the JSON value");
	return n;
}

/* Where the reader stopped, as a line number, for the error line. */
static unsigned long sarif_reader_line(const struct sarif_reader *r)
{
	unsigned long line = 1;

	for (const char *p = r->start; p < r->p && p < r->end; p++)
		line += *p == '\n';
	return line;
}

static struct sarif_node *sarif_member(const struct sarif_node *n, const char *key, char type)
{
	if (!n || n->type != '{')
		return NULL;
	for (struct sarif_node *c = n->child; c; c = c->next)
		if (!strcmp(c->key, key))
			return c->type == type ? c : NULL;
	return NULL;
}

static const char *sarif_member_text(const struct sarif_node *n, const char *key)
{
	struct sarif_node *s = sarif_member(n, key, '"');

	return s ? s->text : NULL;
}

/* "%2F" and the like, decoded in place; false if a '%' is not followed by two hex
 * digits or a byte decodes to '\0'. */
static bool sarif_uri_decode(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (*s == '%') {
			char hex[5] = { '0', '0', s[1] ? s[1] : 'x', s[1] ? s[2] : 'x', 0 };
			int c = sarif_hex4(hex);

			if (c <= 0)
				return false;
			*o++ = c;
			s += 2;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return true;
}

/*
 * The file an artifactLocation names, as an absolute path: its uri resolved against
 * its uriBaseId in the run's originalUriBaseIds, or a file:// URI. A relative uri
 * with no base is kept as the log gives it (NULL here).
 */
static const char *sarif_artifact_path(struct sarif_merge *m, const struct sarif_node *loc,
				       const char **why)
{
	const char *uri = sarif_member_text(loc, "uri"), *base_id = sarif_member_text(loc, "uriBaseId");
	const char *base = "";
	char *path;

	if (!uri) {
		*why = "an artifactLocation has no uri";
		return NULL;
	}
	if (base_id) {
		base = sarif_member_text(sarif_member(m->bases, base_id, '{'), "uri");
		if (!base || strncmp(base, "file:///", 8) || base[strlen(base) - 1] != '/') {
			*why = "a uriBaseId that originalUriBaseIds does not give as file:///.../";
			return NULL;
		}
		base += 7;
	} else if (!strncmp(uri, "file:///", 8)) {
		uri += 7;
	} else {
		return NULL;
	}
	path = sarif_merge_alloc(m, strlen(base) + strlen(uri) + 2);
	if (!path) {
		*why = "out of memory";
		return NULL;
	}
	strcpy(stpcpy(path, base), uri);
	if (!sarif_uri_decode(path)) {
		*why = "a bad %-escape in a uri";
		return NULL;
	}
	path_normalise(path);
	return path;
}

/* Every artifactLocation under n gets its file (n->path) for the writer. */
static bool sarif_resolve(struct sarif_merge *m, struct sarif_node *n)
{
	for (struct sarif_node *c = n->child; c; c = c->next) {
		if (c->key && !strcmp(c->key, "artifactLocation") && c->type == '{') {
			c->path = sarif_artifact_path(m, c, &m->error);
			if (m->error)
				return false;
		} else if (!sarif_resolve(m, c)) {
			return false;
		}
	}
	return true;
}

static bool sarif_under_root(const struct sarif_merge *m, const char *path)
{
	return path && !strncmp(path, m->root, m->root_len);
}

/* A location's file, inside the root? */
static bool sarif_location_inside(const struct sarif_merge *m, const struct sarif_node *location)
{
	struct sarif_node *physical = sarif_member(location, "physicalLocation", '{');
	struct sarif_node *artifact = sarif_member(physical, "artifactLocation", '{');

	return artifact && sarif_under_root(m, artifact->path);
}

/* The first frame of a stack whose file is inside the root. */
static struct sarif_node *sarif_stack_inside(const struct sarif_merge *m,
					     const struct sarif_node *stack)
{
	for (struct sarif_node *f = sarif_member(stack, "frames", '[')->child; f; f = f->next) {
		struct sarif_node *location = sarif_member(f, "location", '{');

		if (sarif_location_inside(m, location))
			return location;
	}
	return NULL;
}

/* As report_sarif.c chooses: the backtrace ("Call Trace:") first, then the other
 * stacks from the last one. */
static struct sarif_node *sarif_frame_inside(const struct sarif_merge *m,
					     const struct sarif_node *result)
{
	struct sarif_node *stacks = sarif_member(result, "stacks", '['), *found = NULL;

	for (int pass = 0; pass < 2 && !found && stacks; pass++)
		for (struct sarif_node *s = stacks->child; s; s = s->next) {
			const char *title = sarif_member_text(sarif_member(s, "message", '{'), "text");
			bool backtrace = title && !strcmp(title, "Call Trace:");
			struct sarif_node *here;

			if (!sarif_member(s, "frames", '[') || backtrace != !pass)
				continue;
			here = sarif_stack_inside(m, s);
			if (here)
				found = here;	/* the last stack's, in pass 1 */
			if (found && !pass)
				break;
		}
	return found;
}

/* A result placed outside the root is placed at its first frame inside it. */
static bool sarif_place_result(struct sarif_merge *m, struct sarif_node *result)
{
	struct sarif_node *locations = sarif_member(result, "locations", '[');
	struct sarif_node *inside, *copy;

	if (!locations || (locations->child && sarif_location_inside(m, locations->child)))
		return true;
	inside = sarif_frame_inside(m, result);
	if (!inside)
		return true;
	copy = sarif_merge_alloc(m, sizeof(*copy));
	if (!copy)
		return false;
	*copy = *inside;
	copy->key = NULL;
	copy->next = locations->child ? locations->child->next : NULL;
	locations->child = copy;
	return true;
}

static int sarif_rule_by_id(const struct sarif_merge *m, const char *id)
{
	int i = 0;

	for (struct sarif_node *r = m->rules; r; r = r->next, i++)
		if (!strcmp(sarif_member_text(r, "id"), id))
			return i;
	return -1;
}

/* A rule of the log, added to the merged run unless one of its id is there: false
 * if it has no id. */
static bool sarif_add_rule(struct sarif_merge *m, struct sarif_node *rule)
{
	const char *id = sarif_member_text(rule, "id");

	if (!id)
		return false;
	if (sarif_rule_by_id(m, id) >= 0)
		return true;
	rule->next = NULL;
	*m->rules_tail = rule;
	m->rules_tail = &rule->next;
	return true;
}

/* partialFingerprints, as one string to compare: its members' keys and values. */
static bool sarif_same_fingerprints(const struct sarif_node *a, const struct sarif_node *b)
{
	const struct sarif_node *x = a->child, *y = b->child;

	for (; x && y; x = x->next, y = y->next)
		if (x->type != '"' || y->type != '"' || strcmp(x->key, y->key) ||
		    strcmp(x->text, y->text))
			return false;
	return !x && !y;
}

static bool sarif_result_known(const struct sarif_merge *m, const struct sarif_node *prints)
{
	for (const struct sarif_node *r = m->results; r; r = r->next)
		if (sarif_same_fingerprints(sarif_member(r, "partialFingerprints", '{'), prints))
			return true;
	return false;
}

static const char *sarif_add_result(struct sarif_merge *m, struct sarif_node *result)
{
	const char *rule_id = sarif_member_text(result, "ruleId");
	struct sarif_node *prints = sarif_member(result, "partialFingerprints", '{');
	struct sarif_node *index = sarif_member(result, "ruleIndex", '0');
	int rule;
	char *text;

	if (!rule_id || !sarif_member_text(sarif_member(result, "message", '{'), "text"))
		return "a result without ruleId or message.text";
	if (!prints || !prints->child)
		return "a result without partialFingerprints";
	rule = sarif_rule_by_id(m, rule_id);
	if (rule < 0)
		return "a result's ruleId is not among the run's rules";
	if (sarif_result_known(m, prints))
		return NULL;
	if (!sarif_resolve(m, result) || !sarif_place_result(m, result))
		return m->error ?: "out of memory";
	if (index) {
		text = sarif_merge_alloc(m, 12);
		if (!text)
			return "out of memory";
		index->len = liblockdep_snprintk(text, 12, "%d", rule);
		index->text = text;
	}
	result->next = NULL;
	*m->results_tail = result;
	m->results_tail = &result->next;
	return NULL;
}

/* One run of a log: its rules, then its results. */
static const char *sarif_add_run(struct sarif_merge *m, struct sarif_node *run)
{
	struct sarif_node *driver = sarif_member(sarif_member(run, "tool", '{'), "driver", '{');
	struct sarif_node *rules = sarif_member(driver, "rules", '[');
	struct sarif_node *results = sarif_member(run, "results", '['), *next;
	const char *name = sarif_member_text(driver, "name"), *why;

	if (!name || strcmp(name, "liblockdep"))
		return "a run of another tool than liblockdep";
	if (!rules || !results)
		return "a run without tool.driver.rules or results";
	if (!m->version) {
		m->version = sarif_member_text(driver, "version");
		m->information_uri = sarif_member_text(driver, "informationUri");
	}
	m->bases = sarif_member(run, "originalUriBaseIds", '{');
	for (struct sarif_node *rule = rules->child; rule; rule = next) {
		next = rule->next;
		if (!sarif_add_rule(m, rule))
			return "a rule without an id";
	}
	for (struct sarif_node *result = results->child; result; result = next) {
		next = result->next;
		why = sarif_add_result(m, result);
		if (why)
			return why;
	}
	return NULL;
}

static const char *sarif_add_log(struct sarif_merge *m, struct sarif_node *log)
{
	const char *version = sarif_member_text(log, "version"), *why;
	struct sarif_node *runs = sarif_member(log, "runs", '[');

	if (!version || strcmp(version, "2.1.0") || !runs)
		return "not a SARIF 2.1.0 log (version, runs)";
	for (struct sarif_node *run = runs->child; run; run = run->next) {
		if (run->type != '{')
			return "a run is not an object";
		why = sarif_add_run(m, run);
		if (why)
			return why;
	}
	return NULL;
}

/* One input file, read, parsed and added; false after its error line. */
static bool sarif_merge_file(struct sarif_merge *m, int dir, const char *name, const char *shown)
{
	struct sarif_reader r = { .m = m };
	const char *why = NULL;
	struct sarif_node *log;
	size_t len = 0;
	char *text, *copy;
	int fd = openat(dir, name, GRAPH_OPEN_FLAGS);

	if (fd < 0) {
		printk(KERN_ERR "lockdep --merge-sarif: %s: %s\n", shown, error_words(errno));
		return false;
	}
	text = graph_fd_read(fd, &len, false, &why);
	close(fd);
	if (text && len > SARIF_MERGE_FILE_MAX)
		why = "larger than 256 MiB";
	copy = text && !why ? sarif_merge_alloc(m, len + 1) : NULL;
	if (copy)
		memcpy(copy, text, len);
	graph_text_free(text, len);
	if (!copy) {
		printk(KERN_ERR "lockdep --merge-sarif: %s: %s\n", shown, why ?: "out of memory");
		return false;
	}
	r.p = r.start = copy;
	r.end = copy + len;
	log = sarif_parse(&r);
	if (!log) {
		printk(KERN_ERR "lockdep --merge-sarif: %s: line %lu: not JSON: %s\n", shown,
		       sarif_reader_line(&r), r.error);
		return false;
	}
	m->error = NULL;
	why = sarif_add_log(m, log);
	if (why) {
		printk(KERN_ERR "lockdep --merge-sarif: %s: %s\n", shown, why);
		return false;
	}
	return true;
}

/* Writing: a node as it was read, with each artifactLocation made relative to the
 * root where it is inside it. */
static void sarif_write_node(struct sarif_merge *m, struct json_out *o, const struct sarif_node *n);

static void sarif_write_artifact(struct sarif_merge *m, struct json_out *o,
				 const struct sarif_node *n)
{
	json_open(o, '{');
	json_key(o, "uri");
	if (sarif_under_root(m, n->path))
		sarif_uri_path(o, "", n->path + m->root_len);
	else
		sarif_uri_path(o, "file://", n->path);
	if (sarif_under_root(m, n->path))
		json_member_string(o, "uriBaseId", SARIF_ROOT_ID);
	for (const struct sarif_node *c = n->child; c; c = c->next)
		if (strcmp(c->key, "uri") && strcmp(c->key, "uriBaseId"))
			sarif_write_node(m, o, c);
	json_close(o, '}');
}

/* A physicalLocation whose file is a relative URI without a base. */
static bool sarif_unresolved(const struct sarif_node *n)
{
	const struct sarif_node *artifact;

	if (n->type != '{' || !n->key || strcmp(n->key, "physicalLocation"))
		return false;
	artifact = sarif_member(n, "artifactLocation", '{');
	return artifact && !artifact->path;
}

static void sarif_write_node(struct sarif_merge *m, struct json_out *o, const struct sarif_node *n)
{
	if (sarif_unresolved(n))
		return;
	if (n->key)
		json_key(o, n->key);
	switch (n->type) {
	case '{': case '[':
		if (n->path) {
			sarif_write_artifact(m, o, n);
			return;
		}
		json_open(o, n->type);
		for (const struct sarif_node *c = n->child; c; c = c->next)
			sarif_write_node(m, o, c);
		json_close(o, n->type == '{' ? '}' : ']');
		return;
	case '"':
		json_string_n(o, n->text, n->len);
		return;
	case '0':
		json_separate(o);
		json_raw(o, n->text, n->len);
		o->comma = true;
		return;
	case 't': case 'f':
		json_bool(o, n->type == 't');
		return;
	}
	json_separate(o);
	json_raw(o, "null", 4);
	o->comma = true;
}

static void sarif_write_list(struct sarif_merge *m, struct json_out *o, const char *key,
			     const struct sarif_node *first)
{
	json_key(o, key);
	json_open(o, '[');
	for (const struct sarif_node *n = first; n; n = n->next)
		sarif_write_node(m, o, n);
	json_close(o, ']');
}

static void sarif_merge_write(struct sarif_merge *m, struct json_out *o, const char *category)
{
	json_open(o, '{');
	json_member_string(o, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	json_member_string(o, "version", "2.1.0");
	json_key(o, "runs");
	json_open(o, '[');
	json_open(o, '{');
	json_key(o, "tool");
	json_open(o, '{');
	json_key(o, "driver");
	json_open(o, '{');
	json_member_string(o, "name", "liblockdep");
	json_member_string(o, "version", m->version ?: LIBLOCKDEP_KERNEL_VERSION);
	json_member_string(o, "informationUri", m->information_uri ?: SARIF_INFORMATION_URI);
	sarif_write_list(m, o, "rules", m->rules);
	json_close(o, '}');
	json_close(o, '}');
	json_key(o, "automationDetails");
	json_open(o, '{');
	json_member_string(o, "id", category);
	json_close(o, '}');
	json_key(o, "originalUriBaseIds");
	json_open(o, '{');
	json_key(o, SARIF_ROOT_ID);
	json_open(o, '{');
	json_key(o, "uri");
	sarif_uri_path(o, "file://", m->root);
	json_close(o, '}');
	json_close(o, '}');
	sarif_write_list(m, o, "results", m->results);
	json_close(o, '}');
	json_close(o, ']');
	json_close(o, '}');
	json_raw(o, "\n", 1);
}

/* The source root, absolute and normalised, with a '/' at its end. */
static bool sarif_merge_root(struct sarif_merge *m)
{
	const char *root = liblockdep_getenv("LIBLOCKDEP_SRCROOT");
	char cwd[PATH_MAX];

	if (!root || !*root) {
		if (!getcwd(cwd, sizeof(cwd)))
			return false;
		root = cwd;
	}
	if (root[0] != '/' || strlen(root) + 2 > sizeof(m->root)) {
		printk(KERN_ERR "lockdep --merge-sarif: LIBLOCKDEP_SRCROOT is not an absolute path\n");
		return false;
	}
	strcpy(m->root, root);
	path_normalise(m->root);
	m->root_len = strlen(m->root);
	if (m->root[m->root_len - 1] != '/')
		m->root[m->root_len++] = '/';
	m->root[m->root_len] = '\0';
	return true;
}

/* An input that is a directory: its *.sarif files, in name order, but not the output. */
static bool sarif_merge_dir(struct sarif_merge *m, int dir, const char *shown,
			    const struct stat *out)
{
	DIR *d = fdopendir(dir);
	struct dirent *e;
	const char **names = NULL;
	size_t nr = 0, room = 0;
	bool ok = true;

	if (!d) {
		close(dir);
		printk(KERN_ERR "lockdep --merge-sarif: %s: %s\n", shown, error_words(errno));
		return false;
	}
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct stat st;

		if (len < 7 || strcmp(e->d_name + len - 6, ".sarif") ||
		    fstatat(dirfd(d), e->d_name, &st, 0) ||
		    (st.st_dev == out->st_dev && st.st_ino == out->st_ino))
			continue;
		if (nr == room) {
			const char **more = sarif_merge_alloc(m, (room = 2 * room + 64) * sizeof(*more));

			if (!more) {
				closedir(d);
				printk(KERN_ERR "lockdep --merge-sarif: out of memory\n");
				return false;
			}
			if (nr)
				memcpy(more, names, nr * sizeof(*more));
			names = more;
		}
		names[nr] = sarif_merge_alloc(m, len + 1);
		if (!names[nr]) {
			closedir(d);
			printk(KERN_ERR "lockdep --merge-sarif: out of memory\n");
			return false;
		}
		memcpy((char *)names[nr++], e->d_name, len + 1);
	}
	for (size_t i = 1; i < nr; i++) {	/* in name order: an insertion sort */
		const char *name = names[i];
		size_t j = i;

		for (; j && strcmp(names[j - 1], name) > 0; j--)
			names[j] = names[j - 1];
		names[j] = name;
	}
	for (size_t i = 0; ok && i < nr; i++)
		ok = sarif_merge_file(m, dirfd(d), names[i],
				      liblockdep_format("%s/%s", shown, names[i]) ?: names[i]);
	closedir(d);
	return ok;
}

static bool sarif_merge_input(struct sarif_merge *m, const char *path, const struct stat *out)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0)
		return sarif_merge_dir(m, fd, path, out);
	return sarif_merge_file(m, AT_FDCWD, path, path);
}

LIBLOCKDEP_API int liblockdep_merge_sarif(const char *out, int nr_inputs, char *const inputs[])
{
	const char *category = liblockdep_getenv("LIBLOCKDEP_SARIF_CATEGORY"), *why;
	struct sarif_merge m = { .rules_tail = &m.rules, .results_tail = &m.results };
	struct pattern_file file = { .pid = getpid() };
	struct json_out o = { .file = &file, .size = SARIF_BUFFER };
	struct stat st;
	int status = 125;
	bool ok;

	if (!liblockdep_enter((unsigned long)__builtin_return_address(0)) ||
	    !sarif_merge_root(&m))
		return 125;
	file.fd = output_file_open(AT_FDCWD, out, false, NULL, &why);
	if (file.fd < 0 || fstat(file.fd, &st)) {
		printk(KERN_ERR "lockdep --merge-sarif: cannot write %s: %s\n", out,
		       file.fd < 0 ? why : error_words(errno));
		return 125;
	}
	pattern_file_keep(&file, file.fd);
	liblockdep_snprintk(file.pattern, sizeof(file.pattern), "%s", out);
	ok = true;
	for (int i = 0; ok && i < nr_inputs; i++)
		ok = sarif_merge_input(&m, inputs[i], &st);
	o.buf = ok ? sarif_merge_alloc(&m, SARIF_BUFFER) : NULL;
	if (o.buf) {
		sarif_merge_write(&m, &o, category && *category ? category : "liblockdep/");
		json_flush(&o);
		status = 0;
	} else if (unlink(out) && (errno != ENOENT || ftruncate(file.fd, 0))) {
		/* Never a wrong log left for an upload, nor an empty one it takes. */
		printk(KERN_ERR "lockdep --merge-sarif: cannot remove %s: %s\n", out,
		       error_words(errno));
	}
	close(file.fd);
	sarif_merge_free(&m);
	return status;
}
