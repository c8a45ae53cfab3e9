/* Takes cache_lock, then config_lock: on its own a correct program too; after
 * test_a in one graph (LIBLOCKDEP_GRAPH), a deadlock. */
#include <stdio.h>

void flush_cache(void);

static int padding(int n)
{
	return n * 3 + 1;	/* code before the shared object's, so its addresses differ */
}

int main(int argc, char **argv)
{
	(void)argv;
	flush_cache();
	return padding(argc) == 4 ? 0 : 1;
}
