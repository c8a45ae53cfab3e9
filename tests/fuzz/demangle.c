/*
 * Fuzz target: the C++ demangler (src/demangle.c) on any name, as names come from the
 * ELF files of loaded objects. Into buffers from a byte to PATH_MAX (what
 * src/symbols.c gives it), each exactly that large so that AddressSanitizer sees a
 * byte written past one: the name must be a string inside the buffer, printable when
 * the mangled name is (the demangler adds nothing else), the same in every buffer it
 * fits in, and refused only by those it does not fit in. The recursion is bounded
 * (DEMANGLE_DEPTH_MAX), so a name nested deep fails instead of overflowing the stack.
 * tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

static bool fuzz_printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return false;
	return true;
}

/* Demangles into a buffer of size bytes; returns a copy of the name, or NULL. */
static char *fuzz_demangle(const char *mangled, size_t size)
{
	static struct demangler d;	/* 2 KiB of text: static, as src/symbols.c has it */
	char *out = malloc(size), *copy = NULL;

	if (demangle(&d, mangled, out, size)) {
		if (strnlen(out, size) >= size)
			abort();	/* not terminated inside the buffer */
		if (fuzz_printable(mangled) && !fuzz_printable(out))
			abort();	/* a byte the demangler made up */
		copy = strdup(out);
	}
	free(out);
	return copy;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const size_t sizes[] = { 1, 2, 8, 32, 128, 512, PATH_MAX };
	char *mangled = malloc(size + 1), *full;

	memcpy(mangled, data, size);
	mangled[size] = '\0';	/* a name in a string table ends at its first NUL */
	full = fuzz_demangle(mangled, PATH_MAX);
	if (full && strncmp(mangled, "_Z", 2))
		abort();	/* only a mangled name is demangled */
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		char *name = fuzz_demangle(mangled, sizes[i]);
		bool fits = full && strlen(full) < sizes[i];

		if (!name != !fits || (name && strcmp(name, full)))
			abort();	/* refused though it fits, or another name */
		free(name);
	}
	free(full);
	free(mangled);
	return 0;
}
