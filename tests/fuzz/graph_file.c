/*
 * Fuzz target: the reader of LIBLOCKDEP_GRAPH files (src/graph_file.c) on any bytes,
 * as they are and after a graph file's header (the seeds are single lines). Each
 * field of an accepted record must be a string inside the buffer, printable, a
 * number field in its range; the check (on a copy) and the read must agree; and
 * nothing is read outside the buffer, which is exactly as large as the file plus its
 * terminating '\0'. tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fuzz_buffer {
	const char *start, *end;
	unsigned long records;
};

static void fuzz_check_field(const struct fuzz_buffer *b, const char *s, bool may_be_empty)
{
	if (s < b->start || s >= b->end)
		abort();	/* outside the text */
	if (!may_be_empty && !*s)
		abort();
	for (; *s; s++)
		if (s >= b->end || (unsigned char)*s < 0x20 || *s == 0x7f)
			abort();
}

static bool fuzz_check_record(const struct graph_record *r, void *arg)
{
	struct fuzz_buffer *b = arg;

	if (r->dep < 1 || r->dep > 15 || r->from.subclass >= MAX_LOCKDEP_SUBCLASSES ||
	    r->to.subclass >= MAX_LOCKDEP_SUBCLASSES || r->nr_frames > GRAPH_MAX_FRAMES)
		abort();
	fuzz_check_field(b, r->from.name, false);
	fuzz_check_field(b, r->from.object, true);
	fuzz_check_field(b, r->from.unit, true);
	fuzz_check_field(b, r->to.name, false);
	fuzz_check_field(b, r->to.object, true);
	fuzz_check_field(b, r->to.unit, true);
	fuzz_check_field(b, r->program, false);
	fuzz_check_field(b, r->pid, false);
	fuzz_check_field(b, r->time, false);
	for (unsigned int i = 0; i < r->nr_frames; i++)
		fuzz_check_field(b, r->frames[i], false);
	b->records++;
	return true;
}

static void fuzz_parse(const char *prefix, const uint8_t *data, size_t size)
{
	size_t len = strlen(prefix) + size;
	char *text = malloc(len + 1);
	struct fuzz_buffer b = { text, text + len + 1, 0 };
	unsigned long line_checked, line_read, lines;
	const char *checked, *read;

	memcpy(text, prefix, strlen(prefix));
	memcpy(text + strlen(prefix), data, size);
	text[len] = '\0';
	lines = graph_text_lines(text, len);	/* before the read cuts the lines apart */
	checked = graph_text_check(text, len, &line_checked);
	read = graph_text_parse(text, len, fuzz_check_record, &b, &line_read);
	if (!checked != !read || (checked && line_checked != line_read))
		abort();	/* the check and the read disagree */
	if (!read && b.records > lines)
		abort();	/* more records than lines */
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_parse("", data, size);
	fuzz_parse(GRAPH_HEADER, data, size);
	return 0;
}
