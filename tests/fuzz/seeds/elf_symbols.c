/*
 * Seeds for tests/fuzz/elf_symbols.c, which reads binary files: tests/fuzz/run.sh
 * builds this into an object file (.symtab) and a stripped shared object (.dynsym
 * only). Functions and objects, static and global, an alias and a zero-size label
 * give the loader each kind of symbol it keeps or skips.
 */
int seed_counter = 1;
static int seed_hidden_counter;
const char seed_text[] = "seed";

static int seed_static(int x)
{
	return x + seed_hidden_counter++;
}

int seed_global(int x)
{
	return seed_static(x) * seed_counter;
}

int seed_alias(int x) __attribute__((__alias__("seed_global")));

__asm__(".globl seed_label\nseed_label:\n");
