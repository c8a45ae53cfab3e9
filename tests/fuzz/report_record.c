/*
 * Fuzz target: a report's text, any bytes, read as report_once.c and report_record.c
 * read lockdep's lines (its identity, fingerprint, locks, stacks), lines ending at
 * '\n' or '|' (so that a seed is one line); a line starting with byte 0x01 stands for
 * a frame printed next, at an address from the input,
 * then written as JSON. Names in a report are the program's (threads, variables,
 * symbols), so anything goes: nothing may be read or written outside its buffer,
 * the fingerprint must be "kind-xxxxxxxx", and the JSON must have no control byte
 * and be valid UTF-8. tests/fuzz/run.sh builds it with clang
 * -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

static char fuzz_json[1 << 20];

static bool fuzz_fingerprint_ok(const char *fingerprint)
{
	size_t len = strlen(fingerprint);

	if (len < 10 || fingerprint[len - 9] != '-')
		return false;
	for (size_t i = 0; i < len; i++) {
		char c = fingerprint[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
			return false;
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct pattern_file nowhere = { .fd = -1 };
	struct json_out o = { .file = &nowhere, .buf = fuzz_json, .size = sizeof(fuzz_json) };
	char line[PRINTK_LINE_MAX];
	size_t start = 0;

	report_identity_begin(1);
	report_record_begin();
	while (start < size) {
		size_t end = start, len;

		while (end < size && data[end] != '\n' && data[end] != '|')
			end++;
		len = end - start;
		if (len && data[start] == 1) {
			unsigned long address = 0;

			memcpy(&address, data + start + 1, min(len - 1, sizeof(address)));
			report_record_frame(address);
		} else {
			/* As printk passes a line on: cut, terminated, no NUL inside. */
			len = min(len, sizeof(line) - 2);
			memcpy(line, data + start, len);
			line[len] = '\0';
			report_identity_note_line(line, strlen(line));
			report_record_note_line(line, strlen(line));
		}
		start = end + 1;
	}
	report_recording = false;
	if (report_identity_end()) {
		report_identity_describe(&report_record.about);
		if (!fuzz_fingerprint_ok(report_record.about.fingerprint))
			abort();
	}
	report_record.thread = report_record.program = "fuzz";
	report_json_object(&o, &report_record);
	for (size_t i = 0; i < o.len; i += json_utf8_length((const unsigned char *)fuzz_json + i,
							     o.len - i)) {
		if ((unsigned char)fuzz_json[i] < 0x20 ||
		    !json_utf8_length((const unsigned char *)fuzz_json + i, o.len - i))
			abort();
	}
	printk_stop_discarding();
	return 0;
}
