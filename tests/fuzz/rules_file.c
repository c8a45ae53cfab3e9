/*
 * Fuzz target: the rules file's parser (LIBLOCKDEP_RULES, src/rules.c) on any bytes,
 * and its glob matcher. Every rule the parser keeps must read back the same when
 * written out as a line (rule_format(), which is also what a report and the list of
 * stale rules print) and parsed again, each line gives at most one rule or one
 * error, and a glob matches exactly what a plain recursive reading of '*' and '?'
 * says. tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

static bool fuzz_glob(const char *glob, const char *text, size_t len)
{
	if (!*glob)
		return !len;
	if (*glob == '*')
		return fuzz_glob(glob + 1, text, len) || (len && fuzz_glob(glob, text + 1, len - 1));
	return len && (*glob == '?' || *glob == *text) && fuzz_glob(glob + 1, text + 1, len - 1);
}

/* The reference takes exponential time in the stars: few of them. */
static int fuzz_stars(const char *p, const char *end)
{
	int n = 0;

	for (; p < end; p++)
		n += *p == '*';
	return n;
}

static bool fuzz_same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool fuzz_same_rule(const struct lock_rule *a, const struct lock_rule *b)
{
	if (a->verb != b->verb || a->classes != b->classes || a->nr_class_globs != b->nr_class_globs ||
	    !fuzz_same_text(a->name, b->name) || !fuzz_same_text(a->kind, b->kind) ||
	    !fuzz_same_text(a->function, b->function) || !fuzz_same_text(a->object, b->object) ||
	    !fuzz_same_text(a->library, b->library) ||
	    !fuzz_same_text(a->fingerprint, b->fingerprint))
		return false;
	for (unsigned int i = 0; i < a->nr_class_globs; i++)
		if (strcmp(a->class_globs[i], b->class_globs[i]))
			return false;
	return true;
}

static void fuzz_reset(void)
{
	nr_lock_rules = 0;
	lock_rules_errors = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct lock_rule parsed[LOCK_RULES_MAX];
	char *text = malloc(size + 1), line[1024];
	unsigned int nr, lines = 1;
	const char *newline;

	strcpy(log_file.pattern, "/dev/null");	/* the error lines */
	lock_rules_file = "fuzz.rules";
	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	/* The glob: up to the first newline; the text: what follows it. */
	newline = memchr(text, '\n', size);
	if (newline && !memchr(text, '\0', newline - text) && fuzz_stars(text, newline) <= 2) {
		char *glob = strndup(text, newline - text);
		size_t len = size - (newline + 1 - text);

		if (rule_glob_match(glob, newline + 1, len) != fuzz_glob(glob, newline + 1, len))
			abort();
		free(glob);
	}
	fuzz_reset();
	rules_parse(text, size);
	if (nr_lock_rules + lock_rules_errors > lines)
		abort();
	nr = nr_lock_rules;
	memcpy(parsed, lock_rules, nr * sizeof(parsed[0]));
	for (unsigned int i = 0; i < nr; i++) {
		rule_format(&parsed[i], line, sizeof(line));
		if (strlen(line) >= sizeof(line) - 1)
			continue;	/* cut: not a line the parser could take back */
		fuzz_reset();
		rules_parse(line, strlen(line));
		if (nr_lock_rules != 1 || lock_rules_errors || !fuzz_same_rule(&parsed[i], &lock_rules[0]))
			abort();
	}
	fuzz_reset();
	free(text);
	return 0;
}
