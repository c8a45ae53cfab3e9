/*
 * The environment, as untrusted input. A setuid or setgid program, or one with file
 * capabilities, runs with privileges its caller lacks, in an environment its caller
 * chose: the kernel marks it for secure execution (AT_SECURE), and glibc then ignores
 * LD_* and MALLOC_*. liblockdep ignores every LIBLOCKDEP_* variable there the same
 * way: checking follows the build's default, reports go to standard error, no file is
 * written and no program is started. Every setting is read through
 * liblockdep_getenv(), so a variable added later is covered without a second thought.
 */
static bool secure_execution(void)
{
	return getauxval(AT_SECURE) != 0;
}

extern void *__libc_stack_end __attribute__((__visibility__("default")));

/*
 * The process's environment. A lock taken from a program's .preinit_array runs
 * before the C library has set environ (NULL until then); the loader has already
 * kept where the process's stack began (__libc_stack_end: argc, argv, NULL, then
 * the environment), so the variables are read from there.
 */
static char **process_environment(void)
{
	long *start = __libc_stack_end;

	if (environ || !start)
		return environ;
	return (char **)(start + 1 + start[0] + 1);
}

static const char *liblockdep_getenv(const char *name)
{
	size_t len = strlen(name);

	if (secure_execution())
		return NULL;
	for (char **env = process_environment(); env && *env; env++)
		if (!strncmp(*env, name, len) && (*env)[len] == '=')
			return *env + len + 1;
	return NULL;
}

/* Said once, at the first report, where its reader looks. Called under the graph lock. */
static void secure_execution_note(void)
{
	static bool noted;

	if (noted || !secure_execution())
		return;
	noted = true;
	printk(KERN_WARNING "liblockdep: secure-execution process: LIBLOCKDEP_* ignored, "
	       "reports go to stderr only\n");
}

/*
 * Untrusted text as an error line may show it: every byte outside printable ASCII as
 * \xNN (a newline must not start a line that reads as a report, nor a terminal see
 * an escape or a UTF-8 BOM), each byte of quoted behind a backslash, cut with "..."
 * to fit out, which has room for at least 16 bytes. Returns out.
 */
static const char *text_escape(char *out, size_t size, const char *text, const char *quoted)
{
	static const char hex[] = "0123456789abcdef";
	size_t len = 0;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		/* Room for this byte's longest form, then "..." and the NUL. */
		if (len + 4 + 4 > size) {
			memcpy(out + len, "...", 3);
			len += 3;
			break;
		}
		if (*p < 0x20 || *p > 0x7e) {
			out[len++] = '\\';
			out[len++] = 'x';
			out[len++] = hex[*p >> 4];
			out[len++] = hex[*p & 15];
		} else {
			if (strchr(quoted, *p))
				out[len++] = '\\';
			out[len++] = *p;
		}
	}
	out[len] = '\0';
	return out;
}

/* A value from the environment, shown between quotes. */
static const char *environment_value_escape(char *out, size_t size, const char *value)
{
	return text_escape(out, size, value, "\"\\");
}

/*
 * Every LIBLOCKDEP_* variable anything of liblockdep reads: the run-time settings
 * (src/settings.c), the tools' (lockdep --merge-sarif: src/sarif_merge.c), the
 * compiler wrappers' (lockdep-cc) and the test runner's (tests/run.sh), which all
 * reach the programs they start.
 */
static const char *const liblockdep_variables[] = {
	"LIBLOCKDEP", "LIBLOCKDEP_LOG", "LIBLOCKDEP_JSON", "LIBLOCKDEP_SARIF",
	"LIBLOCKDEP_EXITCODE", "LIBLOCKDEP_ABORT", "LIBLOCKDEP_SUMMARY", "LIBLOCKDEP_DUMP",
	"LIBLOCKDEP_STAT", "LIBLOCKDEP_SYMBOLIZE", "LIBLOCKDEP_CLASSES", "LIBLOCKDEP_RULES",
	"LIBLOCKDEP_GRAPH", "LIBLOCKDEP_RUNNER", "LIBLOCKDEP_SEMAPHORES", "LIBLOCKDEP_JOINS",
	"LIBLOCKDEP_HANG", "LIBLOCKDEP_SHOW_LOCKS_SIGNAL", "LIBLOCKDEP_SRCROOT",
	"LIBLOCKDEP_SARIF_CATEGORY", "LIBLOCKDEP_CC", "LIBLOCKDEP_CXX", "LIBLOCKDEP_DIR",
};

#define VARIABLE_NAME_MAX 48

/* Edits (insert, delete, replace a byte) from a to b, both at most VARIABLE_NAME_MAX. */
static unsigned int name_distance(const char *a, const char *b)
{
	unsigned char row[VARIABLE_NAME_MAX + 1];
	size_t n = strlen(b);

	for (size_t j = 0; j <= n; j++)
		row[j] = j;
	for (size_t i = 1; a[i - 1]; i++) {
		unsigned char diagonal = row[0];

		row[0] = i;
		for (size_t j = 1; j <= n; j++) {
			unsigned char above = row[j];
			unsigned int replaced = diagonal + (a[i - 1] != b[j - 1]);

			row[j] = min(replaced, min(above + 1u, row[j - 1] + 1u));
			diagonal = above;
		}
	}
	return row[n];
}

/*
 * The known variable a typo away from name, or NULL: one edit, or two in a name with
 * six letters or more after "LIBLOCKDEP_" (two edits make LIBLOCKDEP_CC of anything).
 */
static const char *variable_suggestion(const char *name)
{
	const char *best = NULL;
	unsigned int fewest = 3;

	if (strlen(name) > VARIABLE_NAME_MAX)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(liblockdep_variables); i++) {
		const char *known = liblockdep_variables[i];
		unsigned int edits = name_distance(name, known);

		if (edits < fewest && (edits <= 1 || strlen(known) >= 11 + 6)) {
			best = known;
			fewest = edits;
		}
	}
	return best;
}

static bool variable_known(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(liblockdep_variables); i++)
		if (!strcmp(name, liblockdep_variables[i]))
			return true;
	return false;
}

/*
 * A misspelled variable (LIBLOCKDEP_SYMBOLISE, LIBLOCKDEP_EXITCOD) would drop its
 * setting without a word: one line for each LIBLOCKDEP_* name of the environment
 * that nothing reads, with the known name it is closest to, as a sanitizer does for
 * an unknown flag. Called once, when the settings are read; nothing in a
 * secure-execution process, whose LIBLOCKDEP_* are all ignored.
 */
static void unknown_variables_warn(void)
{
	char name[VARIABLE_NAME_MAX + 2], shown[2 * VARIABLE_NAME_MAX];

	if (secure_execution())
		return;
	for (char **env = process_environment(); env && *env; env++) {
		size_t len = strcspn(*env, "=");
		const char *near;

		if (strncmp(*env, "LIBLOCKDEP_", 11))
			continue;
		len = min(len, sizeof(name) - 1);
		memcpy(name, *env, len);
		name[len] = '\0';
		if (variable_known(name))
			continue;
		environment_value_escape(shown, sizeof(shown), name);
		near = variable_suggestion(name);
		if (near)
			printk(KERN_WARNING "liblockdep: %s is not a liblockdep variable, ignored "
			       "(did you mean %s?)\n", shown, near);
		else
			printk(KERN_WARNING "liblockdep: %s is not a liblockdep variable, ignored "
			       "(lockdep --help lists them)\n", shown);
	}
}
