/*
 * LIBLOCKDEP_SARIF=path: the process's reports as one SARIF 2.1.0 log, written when
 * it exits (src/process_exit.c), for GitHub code scanning and other SARIF viewers; %p
 * in the name is the pid (src/log_file.c), and the file is rewritten, not appended.
 *
 * One rule per kind of report (its id is the fingerprint's kind); one result per
 * printed report, with its fingerprint in partialFingerprints (so a viewer tracks it
 * across runs), its stacks, and a code flow with one step per stack: for a cycle, the
 * link of the dependency chain where each lock was taken, then the acquisition that
 * closes it, each at the stack's place out of the locking plumbing (as the text's
 * "at:"). A frame has a physical location (file:line) where the report printed
 * one (LIBLOCKDEP_SYMBOLIZE=addr2line), and a logical one (function or object+offset)
 * always. A file under the working directory is named relative to it (%SRCROOT%),
 * as code scanning wants, any other by an absolute file:// URI: SARIF allows a
 * relative URI only with a base. A file the debug information names relative to a
 * directory it does not record (the C library's "./nptl/pthread_create.c") has no
 * place to give, and its frame keeps only its logical location. A suppressed report
 * is left out, as it is from the text.
 *
 * Reports are kept until exit in liblockdep's own memory (src/arena.c): a copy of
 * each record's stacks, made when the report ends.
 */
#define SARIF_RESULTS_MAX	1000	/* a log no viewer shows in full is no use */
#define SARIF_RULES_MAX		64	/* kinds of report; past them results are left out */
#define SARIF_BUFFER		(64 * 1024)
#define SARIF_ROOT_ID		"%SRCROOT%"	/* the uriBaseId of the source root */

struct sarif_result {
	struct sarif_result *next;
	const char *fingerprint, *message;
	unsigned int rule;	/* in sarif_rules[] */
	unsigned int nr_stacks, nr_frames;
	struct report_stack *stacks;
	struct report_frame *frames;
};

static struct sarif_result *sarif_results, **sarif_results_tail = &sarif_results;
static unsigned int nr_sarif_results;

/* The kinds of report met, in order: a SARIF rule each, shared by every process and
 * run, so its text is the kind's (a report's thread and process are its result's). */
static struct sarif_rule {
	const char *kind, *headline;
} sarif_rules[SARIF_RULES_MAX];
static unsigned int nr_sarif_rules;

static const char *sarif_copy(const char *text)
{
	return text ? liblockdep_strdup(text) : NULL;
}

/* The rule of a report's kind, added when first met; -1 when there is no room. */
static int sarif_rule_of(const struct report_record *r)
{
	for (unsigned int i = 0; i < nr_sarif_rules; i++)
		if (!strcmp(sarif_rules[i].kind, r->about.kind))
			return (int)i;
	if (nr_sarif_rules == SARIF_RULES_MAX)
		return -1;
	sarif_rules[nr_sarif_rules].kind = sarif_copy(r->about.kind);
	sarif_rules[nr_sarif_rules].headline = sarif_copy(r->about.rule);
	if (!sarif_rules[nr_sarif_rules].kind || !sarif_rules[nr_sarif_rules].headline)
		return -1;
	return (int)nr_sarif_rules++;
}

/* "possible circular locking dependency detected: first_lock, second_lock (thread
 * x, process prog)": the kind's headline (which names no thread) without its
 * "WARNING: ", the classes, the thread and the program by name, not by id: a viewer
 * shows the same problem of another run with the same text. */
static const char *sarif_message(const struct report_record *r)
{
	const char *headline = r->about.rule, *colon = strstr(headline, ": ");
	char text[512];
	size_t len;

	if (colon && colon - headline < 10)
		headline = colon + 2;
	len = liblockdep_snprintk(text, sizeof(text), "%s", headline);
	for (unsigned int i = 0; i < r->about.nr_classes; i++)
		len += liblockdep_snprintk(text + len, sizeof(text) - len, "%s%s",
					   i ? ", " : ": ", r->about.classes[i]);
	liblockdep_snprintk(text + len, sizeof(text) - len, " (thread %s, process %s)",
			    r->thread, r->program);
	return liblockdep_strdup(text);
}

/* A printed report, kept for the log at exit; with a report's own memory rules. */
static void report_sarif_keep(const struct report_record *r)
{
	struct sarif_result *result;
	int rule;

	if (!sarif_file.pattern[0] || r->suppressed || nr_sarif_results == SARIF_RESULTS_MAX ||
	    (rule = sarif_rule_of(r)) < 0)
		return;
	result = liblockdep_alloc(sizeof(*result));
	if (!result)
		return;
	result->rule = rule;
	result->stacks = liblockdep_alloc(r->nr_stacks * sizeof(*result->stacks) + 1);
	result->frames = liblockdep_alloc(r->nr_frames * sizeof(*result->frames) + 1);
	if (!result->stacks || !result->frames)
		return;
	result->fingerprint = sarif_copy(r->about.fingerprint);
	result->message = sarif_message(r);
	for (unsigned int i = 0; i < r->nr_stacks; i++) {
		result->stacks[i] = r->stacks[i];
		result->stacks[i].title = sarif_copy(r->stacks[i].title);
		result->stacks[i].class_name = sarif_copy(r->stacks[i].class_name);
	}
	for (unsigned int i = 0; i < r->nr_frames; i++) {
		result->frames[i] = r->frames[i];
		result->frames[i].function = sarif_copy(r->frames[i].function);
		result->frames[i].object = sarif_copy(r->frames[i].object);
		result->frames[i].file = sarif_copy(r->frames[i].file);
	}
	result->nr_stacks = r->nr_stacks;
	result->nr_frames = r->nr_frames;
	*sarif_results_tail = result;
	sarif_results_tail = &result->next;
	nr_sarif_results++;
}

static struct {
	char cwd[PATH_MAX];	/* with a '/' at its end; empty if unknown */
	size_t cwd_len;
} sarif_where;

/* A path as a URI reference: bytes other than unreserved ones and '/' as %XX, so
 * that nothing in it needs a JSON escape either. */
static void sarif_uri_path(struct json_out *o, const char *prefix, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	char escape[3] = { '%' };

	json_separate(o);
	json_raw(o, "\"", 1);
	json_raw(o, prefix, strlen(prefix));
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			json_raw(o, (const char *)p, 1);
		} else {
			escape[1] = hex[*p >> 4];
			escape[2] = hex[*p & 15];
			json_raw(o, escape, 3);
		}
	}
	json_raw(o, "\"", 1);
	o->comma = true;
}

static void sarif_text(struct json_out *o, const char *key, const char *text)
{
	json_key(o, key);
	json_open(o, '{');
	json_member_string(o, "text", text);
	json_close(o, '}');
}

/* A frame's place: file:line when known, and its function or object+offset. */
static void sarif_location(struct json_out *o, const struct report_frame *frame,
			   const char *message)
{
	char name[256];

	json_open(o, '{');
	if (frame->file && frame->file[0] == '/' && frame->line) {
		json_key(o, "physicalLocation");
		json_open(o, '{');
		json_key(o, "artifactLocation");
		json_open(o, '{');
		json_key(o, "uri");
		if (frame->file[0] == '/' && sarif_where.cwd_len &&
		    !strncmp(frame->file, sarif_where.cwd, sarif_where.cwd_len)) {
			sarif_uri_path(o, "", frame->file + sarif_where.cwd_len);
			json_member_string(o, "uriBaseId", SARIF_ROOT_ID);
		} else {
			sarif_uri_path(o, "file://", frame->file);
		}
		json_close(o, '}');
		json_key(o, "region");
		json_open(o, '{');
		json_member_number(o, "startLine", frame->line);
		json_close(o, '}');
		json_close(o, '}');
	}
	json_key(o, "logicalLocations");
	json_open(o, '[');
	json_open(o, '{');
	liblockdep_snprintk(name, sizeof(name), "%s+0x%lx",
			    frame->function ?: frame->object ?: "?", frame->offset);
	json_member_string(o, "name", name);
	json_member_string(o, "kind", frame->function ? "function" : "module");
	json_close(o, '}');
	json_close(o, ']');
	if (message)
		sarif_text(o, "message", message);
	json_close(o, '}');
}

/* The result's place: the first frame with file:line of its backtrace (where the
 * report was made), of any stack otherwise, else the backtrace's first frame; in each
 * stack, from its place out of the locking plumbing (report_stack_place()). */
static const struct report_frame *sarif_primary_frame(const struct sarif_result *result)
{
	const struct report_frame *first = NULL;

	for (int pass = 0; pass < 2; pass++)
		for (unsigned int i = result->nr_stacks; i-- > 0;) {
			const struct report_stack *stack = &result->stacks[i];
			const struct report_frame *place = report_stack_place(result->frames, stack);
			const struct report_frame *end = &result->frames[stack->first_frame +
									 stack->nr_frames];
			bool backtrace = !strcmp(stack->title, "Call Trace:");

			if ((pass == 0 && !backtrace) || !place)
				continue;
			for (const struct report_frame *frame = place; frame < end; frame++)
				if (frame->file && frame->line)
					return frame;
			if (!first)
				first = place;
		}
	return first;
}

static void sarif_stacks(struct json_out *o, const struct sarif_result *result)
{
	json_key(o, "stacks");
	json_open(o, '[');
	for (unsigned int i = 0; i < result->nr_stacks; i++) {
		const struct report_stack *stack = &result->stacks[i];

		json_open(o, '{');
		sarif_text(o, "message", stack->title);
		json_key(o, "frames");
		json_open(o, '[');
		for (unsigned int f = 0; f < stack->nr_frames; f++) {
			const struct report_frame *frame = &result->frames[stack->first_frame + f];

			json_open(o, '{');
			json_key(o, "location");
			sarif_location(o, frame, NULL);
			json_member_string(o, "module", frame->object);
			json_close(o, '}');
		}
		json_close(o, ']');
		json_close(o, '}');
	}
	json_close(o, ']');
}

/* One step per stack, at its first frame: the chain's links, then the rest. */
static void sarif_code_flow(struct json_out *o, const struct sarif_result *result)
{
	if (!result->nr_frames)
		return;		/* a flow has at least one step */
	json_key(o, "codeFlows");
	json_open(o, '[');
	json_open(o, '{');
	json_key(o, "threadFlows");
	json_open(o, '[');
	json_open(o, '{');
	json_key(o, "locations");
	json_open(o, '[');
	for (int chain = 1; chain >= 0; chain--)
		for (unsigned int i = 0; i < result->nr_stacks; i++) {
			const struct report_stack *stack = &result->stacks[i];
			const struct report_frame *frame = report_stack_place(result->frames, stack);

			if (stack->chain_link != chain || !frame)
				continue;
			json_open(o, '{');
			json_key(o, "location");
			sarif_location(o, frame, stack->title);
			json_close(o, '}');
		}
	json_close(o, ']');
	json_close(o, '}');
	json_close(o, ']');
	json_close(o, '}');
	json_close(o, ']');
}

static void sarif_rules_write(struct json_out *o)
{
	json_key(o, "rules");
	json_open(o, '[');
	for (unsigned int i = 0; i < nr_sarif_rules; i++) {
		const struct sarif_rule_help *help = sarif_rule_help_of(sarif_rules[i].kind);

		json_open(o, '{');
		json_member_string(o, "id", sarif_rules[i].kind);
		json_member_string(o, "name", help ? help->name : "LockdepReport");
		sarif_text(o, "shortDescription", sarif_rules[i].headline);
		sarif_text(o, "fullDescription", sarif_rules[i].headline);
		sarif_text(o, "help", help ? help->help :
			   "A lock-order or lock-state problem found by lockdep, the Linux "
			   "kernel's lock validator, in user space. See the report's stacks.");
		if (help && help->uri)
			json_member_string(o, "helpUri", help->uri);
		json_key(o, "defaultConfiguration");
		json_open(o, '{');
		json_member_string(o, "level", "error");
		json_close(o, '}');
		json_close(o, '}');
	}
	json_close(o, ']');
}

static void sarif_result(struct json_out *o, const struct sarif_result *result)
{
	const struct report_frame *primary = sarif_primary_frame(result);

	json_open(o, '{');
	json_member_string(o, "ruleId", sarif_rules[result->rule].kind);
	json_member_number(o, "ruleIndex", result->rule);
	json_member_string(o, "level", "error");
	sarif_text(o, "message", result->message);
	json_key(o, "partialFingerprints");
	json_open(o, '{');
	json_member_string(o, "liblockdepFingerprint/v1", result->fingerprint);
	json_close(o, '}');
	json_key(o, "locations");
	json_open(o, '[');
	if (primary)
		sarif_location(o, primary, NULL);
	json_close(o, ']');
	sarif_stacks(o, result);
	sarif_code_flow(o, result);
	json_close(o, '}');
}

/* At exit: the whole log. */
static void report_sarif_write(void)
{
	struct json_out o = { .file = &sarif_file, .size = SARIF_BUFFER };

	if (!sarif_file.pattern[0] || !(o.buf = liblockdep_pages_alloc(SARIF_BUFFER)))
		return;
	if (getcwd(sarif_where.cwd, sizeof(sarif_where.cwd) - 1) && sarif_where.cwd[0] == '/') {
		sarif_where.cwd_len = strlen(sarif_where.cwd);
		if (sarif_where.cwd[sarif_where.cwd_len - 1] != '/')
			sarif_where.cwd[sarif_where.cwd_len++] = '/';
		sarif_where.cwd[sarif_where.cwd_len] = '\0';
	}
	json_open(&o, '{');
	json_member_string(&o, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
	json_member_string(&o, "version", "2.1.0");
	json_key(&o, "runs");
	json_open(&o, '[');
	json_open(&o, '{');
	json_key(&o, "tool");
	json_open(&o, '{');
	json_key(&o, "driver");
	json_open(&o, '{');
	json_member_string(&o, "name", "liblockdep");
	/* Numbers only, as tools' versions are: that of the lockdep carried. */
	json_member_string(&o, "version", LIBLOCKDEP_KERNEL_VERSION);
	json_member_string(&o, "informationUri", SARIF_INFORMATION_URI);
	sarif_rules_write(&o);
	json_close(&o, '}');
	json_close(&o, '}');
	if (sarif_where.cwd_len) {
		json_key(&o, "originalUriBaseIds");
		json_open(&o, '{');
		json_key(&o, SARIF_ROOT_ID);
		json_open(&o, '{');
		json_key(&o, "uri");
		sarif_uri_path(&o, "file://", sarif_where.cwd);
		json_close(&o, '}');
		json_close(&o, '}');
	}
	json_key(&o, "results");
	json_open(&o, '[');
	for (const struct sarif_result *r = sarif_results; r; r = r->next)
		sarif_result(&o, r);
	json_close(&o, ']');
	json_close(&o, '}');
	json_close(&o, ']');
	json_close(&o, '}');
	json_raw(&o, "\n", 1);
	json_flush(&o);
	liblockdep_pages_free(o.buf, SARIF_BUFFER);
}
