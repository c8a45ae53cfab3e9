/*
 * Fuzz target: LIBLOCKDEP_LOG's name expansion (%p is the pid) on any name, for
 * pids of every width and buffers from a byte to PATH_MAX. The result must be what a
 * plain reading of the name gives, or -1 exactly when that does not fit (then what
 * was written is a terminated prefix of it), and never a byte outside the buffer.
 * tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

/* The name as the documentation reads: every "%p" is the pid, all else as it is. */
static size_t fuzz_expected(const char *pattern, int pid, char *out)
{
	size_t len = 0;

	for (size_t i = 0; pattern[i]; i++) {
		if (pattern[i] == '%' && pattern[i + 1] == 'p') {
			len += sprintf(out + len, "%d", pid);
			i++;
		} else {
			out[len++] = pattern[i];
		}
	}
	out[len] = '\0';
	return len;
}

static void fuzz_expand(const char *pattern, int pid, size_t size, const char *expected,
			size_t expected_len)
{
	char *out = malloc(size);
	int len = log_path_expand(pattern, pid, out, size);

	if (expected_len < size) {
		if (len != (int)expected_len || strcmp(out, expected))
			abort();
	} else if (len != -1 || strlen(out) >= size ||
		   strncmp(out, expected, strlen(out))) {
		abort();
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int pids[] = { 1, 42, 4194304, INT_MAX };
	static const size_t sizes[] = { 1, 2, 7, 16, 255, PATH_MAX };
	char *pattern = malloc(size + 1), *expected = malloc(6 * size + 1);

	memcpy(pattern, data, size);
	pattern[size] = '\0';
	for (size_t i = 0; i < sizeof(pids) / sizeof(pids[0]); i++) {
		size_t len = fuzz_expected(pattern, pids[i], expected);

		for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++)
			fuzz_expand(pattern, pids[i], sizes[j], expected, len);
	}
	free(expected);
	free(pattern);
	return 0;
}
