/*
 * Fuzz target: the reader of an object's unwind tables (src/unwind.c): the binary
 * search table of .eh_frame_hdr, CIEs, FDEs and their CFA programs, on any bytes.
 * Two shapes of input, by its first byte: the bytes alone as an object's mapping,
 * its .eh_frame_hdr first; or the fuzzer's own tables (from .eh_frame_hdr to the end
 * of their segment, whose offsets are relative) with the input written over them at
 * an offset the input gives, so that the mutations land in real CIEs and FDEs. Rules
 * are decoded for return addresses in the FDEs the table names and around them;
 * AddressSanitizer sees any read outside the copy. A rule kept must be one the walk
 * can follow or a refusal. tests/fuzz/run.sh builds it with clang
 * -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fuzzer's own tables: [hdr, end of its segment). */
static const u8 *own_tables;
static size_t own_size;

static int find_tables(struct dl_phdr_info *info, size_t size, void *arg)
{
	unsigned long hdr = (unsigned long)arg;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && hdr - start < ph->p_memsz) {
			own_tables = (const u8 *)hdr;
			own_size = start + ph->p_memsz - hdr;
			return 1;
		}
	}
	return 0;
}

static void fuzz_check_rule(unsigned long rule)
{
	if (!(rule & UNWIND_RULE_KNOWN))
		abort();	/* a decode always says something */
	if (!(rule & UNWIND_RULE_FOLLOW) && rule != UNWIND_RULE_KNOWN)
		abort();	/* a refusal carries nothing else */
}

/* Rules for return addresses in the FDEs the table names (as many as the input asks,
 * from where it says), at their first byte, one after and 64 after. */
static void fuzz_decode(const u8 *copy, size_t size, const uint8_t *data, size_t n)
{
	struct unwind_object obj = { (unsigned long)copy, (unsigned long)copy + size,
				     (unsigned long)copy };
	unsigned long pick = n > 3 ? data[1] | data[2] << 8 | data[3] << 16 : 0;

	fuzz_check_rule(unwind_rule_decode(&obj, (unsigned long)copy + pick % (size + 1) + 1));
	if (size < 12)
		return;
	for (unsigned int k = 0; k < 8; k++) {
		s32 entry[2];
		unsigned long i = (pick + k * 977) % ((size - 12) / 8 + 1), at = 12 + i * 8;

		if (at + sizeof(entry) > size)
			break;
		memcpy(entry, copy + at, sizeof(entry));
		for (unsigned long delta = 1; delta <= 65; delta += 64)
			fuzz_check_rule(unwind_rule_decode(&obj, (unsigned long)copy + entry[0] + delta));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	u8 *copy;
	size_t at;

	if (!own_tables) {
		struct loaded_object lo;

		if (!loaded_object_of((unsigned long)LLVMFuzzerTestOneInput, &lo) ||
		    !lo.eh_frame_hdr || !dl_iterate_phdr(find_tables, (void *)lo.eh_frame_hdr))
			abort();
	}
	if (!size || !(data[0] & 1)) {
		copy = malloc(size ? size : 1);
		memcpy(copy, data, size);
		fuzz_decode(copy, size, data, size);
	} else {
		copy = malloc(own_size);
		memcpy(copy, own_tables, own_size);
		at = size > 4 ? (data[1] | data[2] << 8 | (size_t)data[3] << 16) % own_size : 0;
		memcpy(copy + at, data + 4 * (size > 4), min(size - 4 * (size > 4), own_size - at));
		fuzz_decode(copy, own_size, data, size);
	}
	free(copy);
	return 0;
}
