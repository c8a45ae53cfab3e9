/*
 * Fuzz target: the reader of each loaded object's ELF symbol table (src/symbols.c),
 * on any file, with the notes that name its separate debug file by build-id. The bytes are written to a memfd (file_input.h) and sym_load() reads them through
 * /proc/self/fd/N, as it reads a library; on the first call it also reads the fuzzer
 * itself, a real ELF file. What it keeps must be sorted as sym_before() says, with
 * every name and every source file's name (STT_FILE) a string inside the one block
 * it allocated, each symbol's unit one of those, and lookups at and around each
 * symbol must find a symbol that covers the address.
 * tests/fuzz/run.sh builds it with clang -fsanitize=fuzzer,address,undefined.
 */
#include "liblockdep.c"

#include "file_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The arena never gives memory back; each run gets a block that the next unmaps
 * (the block in use before the first run may hold the runtime's own data: kept). */
static void fuzz_arena_reset(void)
{
	static bool block_is_ours;

	if (block_is_ours && arena_current)
		liblockdep_pages_free(arena_current, ARENA_BLOCK_SIZE);
	arena_current = NULL;
	block_is_ours = true;
}

/* Whether memory is in the arena's block rather than in pages of its own. */
static bool fuzz_in_arena(const void *p)
{
	return arena_current && (const char *)p >= arena_current->data &&
	       (const char *)p < arena_current->data + arena_current->size;
}

static void fuzz_check_lookup(const struct sym_object *obj, unsigned long addr)
{
	const struct sym_entry *s = sym_search(obj, addr);

	if (s && !(addr - s->addr < s->size || addr == s->addr))
		abort();	/* a symbol that does not cover the address */
}

/* A name in the names part of the block: counted, and the end pushed past it. */
static void fuzz_check_name(const char *name, const char *names, size_t *bytes,
			    const char **end)
{
	size_t len = strlen(name) + 1;

	if (name < names)
		abort();
	*bytes += len;
	if (name + len > *end)
		*end = name + len;
}

/* The entries, the units' names, the units, then the names: one block, from the arena
 * or pages of its own. Returns the block's end (NULL for none). */
static const char *fuzz_check(const struct sym_object *obj)
{
	const char *names, *end;
	size_t bytes = 0, nr_units;

	fuzz_check_lookup(obj, 0);
	fuzz_check_lookup(obj, ULONG_MAX);
	if (!obj->nr_syms)
		return NULL;
	if ((const void *)obj->unit_names != obj->syms + obj->nr_syms ||
	    (const void *)obj->units < (const void *)(obj->unit_names + SYM_UNITS_NAMED))
		abort();
	nr_units = (const char **)obj->units - obj->unit_names;
	names = (const char *)(obj->units + obj->nr_syms);
	end = names;
	if (obj->unit_names[SYM_UNIT_NONE] || strcmp(obj->unit_names[SYM_UNIT_UNKNOWN], ""))
		abort();
	for (size_t i = SYM_UNITS_NAMED; i < nr_units; i++) {
		fuzz_check_name(obj->unit_names[i], names, &bytes, &end);
		if (!*obj->unit_names[i])
			abort();	/* a named unit without a name */
	}
	for (size_t i = 0; i < obj->nr_syms; i++) {
		const struct sym_entry *s = &obj->syms[i];

		if (i && sym_before(s, s - 1))
			abort();	/* not sorted */
		if (obj->units[i] >= nr_units)
			abort();	/* a unit that is none of the object's */
		fuzz_check_name(s->name, names, &bytes, &end);
	}
	if (end != names + bytes)
		abort();	/* names overlap or leave a gap: one was cut or read past */
	if (fuzz_in_arena(obj->syms) && end > arena_current->data + arena_current->used)
		abort();	/* past what was allocated */
	for (size_t i = 0; i < obj->nr_syms; i++) {
		if (!sym_search(obj, obj->syms[i].addr))
			abort();	/* a symbol's own address finds none */
		fuzz_check_lookup(obj, obj->syms[i].addr - 1);
		fuzz_check_lookup(obj, obj->syms[i].addr + obj->syms[i].size);
	}
	return end;
}

/* A block too large for the arena has pages of its own: give them back. */
static void fuzz_release(struct sym_object *obj, const char *end)
{
	char *block = (char *)obj->syms;

	if (obj->nr_syms && !fuzz_in_arena(block))
		liblockdep_pages_free(block, (size_t)(end - block));
}

static void fuzz_load(const char *path)
{
	struct sym_object obj = { 0 };

	fuzz_arena_reset();
	sym_load(&obj, 0x1000, path);
	fuzz_release(&obj, fuzz_check(&obj));
}

/* The fuzzer's own file, read as the runtime reads the program: this function must
 * be found by name. */
static void fuzz_load_self(void)
{
	unsigned long self = (unsigned long)LLVMFuzzerTestOneInput;
	struct sym_object obj = { 0 };
	struct loaded_object lo;
	const struct sym_entry *s;
	const char *end;

	if (!loaded_object_of(self, &lo))
		abort();
	fuzz_arena_reset();
	sym_load(&obj, lo.bias, "/proc/self/exe");
	end = fuzz_check(&obj);
	s = sym_search(&obj, self);
	if (!s || strcmp(s->name, "LLVMFuzzerTestOneInput"))
		abort();
	fuzz_release(&obj, end);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_load(fuzz_input_file(data, size, fuzz_load_self));
	return 0;
}
