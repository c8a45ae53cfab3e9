/*
 * Fuzz target: the reader of lockdep --merge-sarif (src/sarif_merge.c) on any bytes.
 * Whatever it accepts as a liblockdep SARIF log, the merged log it writes must be
 * read back and accepted in turn, with as many results (none is lost or doubled),
 * and nothing is read outside the buffer, which is exactly as large as the input.
 * tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long fuzz_nr_results(const struct sarif_merge *m)
{
	unsigned long n = 0;

	for (const struct sarif_node *r = m->results; r; r = r->next)
		n++;
	return n;
}

/* The text as one log merged into m; false if it is refused. */
static bool fuzz_merge(struct sarif_merge *m, const char *text, size_t len)
{
	struct sarif_reader r = { .m = m, .p = text, .start = text, .end = text + len };
	struct sarif_node *log = sarif_parse(&r);

	if (!log)
		return false;
	m->error = NULL;
	return !sarif_add_log(m, log);
}

static void fuzz_merge_init(struct sarif_merge *m)
{
	memset(m, 0, sizeof(*m));
	m->rules_tail = &m->rules;
	m->results_tail = &m->results;
	strcpy(m->root, "/src/");
	m->root_len = 5;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pattern_file file = { .pattern = "fuzz" };
	struct sarif_merge m, again;
	struct json_out o = { .file = &file, .size = SARIF_BUFFER };
	char *input = malloc(size ?: 1), *output;
	off_t len;

	memcpy(input, data, size);
	fuzz_merge_init(&m);
	if (!fuzz_merge(&m, input, size))
		goto out;
	if (!file.pid) {
		file.pid = getpid();
		/* As liblockdep_merge_sarif() keeps its output: close-on-exec, its
		 * file noted, else each write would open "fuzz" by name instead. */
		pattern_file_keep(&file, memfd_create("merged", MFD_CLOEXEC));
	}
	if (ftruncate(file.fd, 0) || !(o.buf = malloc(SARIF_BUFFER)))
		abort();
	lseek(file.fd, 0, SEEK_SET);
	sarif_merge_write(&m, &o, "fuzz/");
	json_flush(&o);
	free(o.buf);
	len = lseek(file.fd, 0, SEEK_CUR);
	output = malloc(len);
	if (!output || pread(file.fd, output, len, 0) != len)
		abort();
	fuzz_merge_init(&again);
	if (!fuzz_merge(&again, output, len) || fuzz_nr_results(&again) != fuzz_nr_results(&m))
		abort();	/* the merged log is not a log of its own */
	sarif_merge_free(&again);
	free(output);
out:
	sarif_merge_free(&m);
	free(input);
	return 0;
}
