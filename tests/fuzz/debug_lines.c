/*
 * Fuzz target: the reader of DWARF line tables (src/debug_lines.c), on any file, with
 * the notes that name its separate debug file by build-id. The bytes are written to a
 * memfd (file_input.h) and line_load_file() reads them through /proc/self/fd/N, as it
 * reads a library; every sequence it indexed must lie in .debug_line and be a range, and the
 * places of its first, middle and last addresses, asked from the sequence's start and
 * from no function, must be a string within the buffer ending in ":LINE". On the
 * first call it also reads the fuzzer itself, built with -g: this function's first
 * line must be found in this file. Seeds: tests/fuzz/seeds/debug_lines.c, built
 * with -g (DWARF 5) and -gdwarf-4 by tests/fuzz/run.sh, with
 * clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

#include "file_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Ends in ":" and a line number from 1, and nothing after the string's NUL was
 * written (the buffer was filled with 'x' first). */
static void fuzz_check_place(const char *out, size_t size)
{
	const char *colon = strrchr(out, ':');
	size_t len = strnlen(out, size);

	if (len == size || !colon || !colon[1] || colon[1] == '0' ||
	    strspn(colon + 1, "0123456789") != strlen(colon + 1))
		abort();
	for (size_t i = len + 1; i < size; i++)
		if (out[i] != 'x')
			abort();
}

static void fuzz_place(const struct line_object *obj, unsigned long addr, unsigned long function)
{
	static char out[PATH_MAX + 32];
	char small[16];

	memset(out, 'x', sizeof(out));
	if (line_place(obj, addr, function, out, sizeof(out)))
		fuzz_check_place(out, sizeof(out));
	memset(small, 'x', sizeof(small));	/* a place that does not fit: cut, never past */
	if (line_place(obj, addr, function, small, sizeof(small)))
		fuzz_check_place(small, sizeof(small));
}

static void fuzz_check(const struct line_object *obj)
{
	for (size_t i = 0; i < obj->nr_seqs; i++) {
		const struct line_sequence *seq = &obj->seqs[i];

		if (seq->start >= seq->end || seq->unit >= obj->line.size ||
		    seq->ops >= obj->line.size)
			abort();
		fuzz_place(obj, seq->start, 0);
		fuzz_place(obj, seq->start + (seq->end - seq->start) / 2, seq->start);
		fuzz_place(obj, seq->end - 1, 0);
	}
}

/* The fuzzer's own file, read as the runtime reads the program. */
static void fuzz_load_self(void)
{
	unsigned long self = (unsigned long)LLVMFuzzerTestOneInput;
	struct line_object obj = { 0 };
	struct loaded_object lo;
	char out[PATH_MAX + 32];

	if (!loaded_object_of(self, &lo))
		abort();
	line_load_file(&obj, "/proc/self/exe", true);
	fuzz_check(&obj);
	if (!line_place(&obj, self - lo.bias, self - lo.bias, out, sizeof(out)) ||
	    !strstr(out, "/debug_lines.c:"))
		abort();
	line_release(&obj);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct line_object obj = { 0 };

	line_load_file(&obj, fuzz_input_file(data, size, fuzz_load_self), true);
	fuzz_check(&obj);
	line_release(&obj);
	return 0;
}
