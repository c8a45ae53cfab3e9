/*
 * Fuzz target: the parser of every LIBLOCKDEP_* setting on any value the environment
 * may hold, and the escaping that shows a bad value in its error line. Each result is
 * checked against what the value says: a word is accepted only when it is that word,
 * a number (an exit status, the hang watchdog's seconds) only when strtol() reads all
 * of it within its bounds, and an escaped value
 * is printable ASCII that decodes back to the value (or to a prefix of it, cut "...").
 * tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

static void fuzz_word(const char *value, const char *const *words)
{
	int found = setting_word(value, words);

	for (int i = 0; words[i]; i++)
		if ((found == i) != !strcmp(value, words[i]))
			abort();
}

/* A number setting: an exit status (0 to 255), seconds (1 to 86400), a signal. */
static void fuzz_number(const char *value, int n, long min, long max)
{
	char *end;
	long read;

	errno = 0;
	read = strtol(value, &end, 10);
	if (n != (errno || end == value || *end || read < min || read > max ? -1 : (int)read))
		abort();
}

/* Undoes environment_value_escape(); returns the decoded length. */
static size_t fuzz_unescape(const char *shown, char *out)
{
	size_t len = 0;

	for (const char *p = shown; *p; p++) {
		if ((unsigned char)*p < 0x20 || (unsigned char)*p > 0x7e)
			abort();	/* something not printable got through */
		if (*p == '"')
			abort();	/* a quote that would end the quoted value */
		if (*p != '\\') {
			out[len++] = *p;
		} else if (p[1] == 'x' && p[2] && p[3]) {
			out[len++] = (char)strtol((char[]){ p[2], p[3], '\0' }, NULL, 16);
			p += 3;
		} else if (p[1] == '"' || p[1] == '\\') {
			out[len++] = *++p;
		} else {
			abort();	/* an escape the function does not write */
		}
	}
	out[len] = '\0';
	return len;
}

static void fuzz_escape(const char *value, size_t size)
{
	char *shown = malloc(size), *decoded = malloc(size + 1);
	size_t len, value_len = strlen(value);

	environment_value_escape(shown, size, value);
	if (strlen(shown) >= size)
		abort();
	len = fuzz_unescape(shown, decoded);
	if (!(len == value_len && !memcmp(decoded, value, len)) &&
	    !(len >= 3 && !memcmp(decoded + len - 3, "...", 3) && len - 3 < value_len &&
	      !memcmp(decoded, value, len - 3)))
		abort();
	free(decoded);
	free(shown);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *value = malloc(size + 1);

	memcpy(value, data, size);
	value[size] = '\0';	/* a variable's value ends at its first NUL */
	fuzz_word(value, bool_words);
	fuzz_word(value, symbolizer_words);
	fuzz_word(value, classes_words);
	fuzz_number(value, setting_status(value), 0, 255);
	fuzz_number(value, setting_number(value, 1, 86400), 1, 86400);
	fuzz_escape(value, 16);
	fuzz_escape(value, 17);
	fuzz_escape(value, 19);
	fuzz_escape(value, 128);
	free(value);
	return 0;
}
