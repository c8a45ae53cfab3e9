/*
 * Seeds for tests/fuzz/debug_lines.c, which reads DWARF line tables: tests/fuzz/run.sh
 * builds this with -g into an object file and shared objects (DWARF 5), and with
 * -gdwarf-4. Code in two files (this one and an inlined function of a header-like
 * line directive) and in two sections gives the reader several files and sequences.
 */
static inline __attribute__((__always_inline__)) int seed_inlined(int x)
{
#line 10 "seed_header.h"
	return x * 3 + 1;
}

#line 15 "debug_lines.c"
int seed_lines(int x)
{
	int y = seed_inlined(x);

	if (y > 10)
		y -= 4;
	return y;
}

__attribute__((__section__(".text.other"))) int seed_other_section(int x)
{
	return seed_lines(x) + 2;
}
