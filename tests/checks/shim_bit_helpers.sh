# The bitmap helpers of uinclude/linux/bitops.h work a word at a time; lockdep finds
# its free dependency and chain slots with them, so a wrong answer corrupts its graph.
# Each is compared with a bit-by-bit reading of the same bitmap: all-ones, all-zeros
# and random words, every size up to five words and every starting offset.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/prog.c" <<'C'
#include "liblockdep.c"

static unsigned long bit(const unsigned long *map, unsigned long b)
{
	return (map[b / BITS_PER_LONG] >> (b % BITS_PER_LONG)) & 1;
}

/* The first bit from offset on that equals value, bit by bit. */
static unsigned long first(const unsigned long *map, unsigned long size, unsigned long offset,
			   unsigned long value)
{
	for (; offset < size; offset++)
		if (bit(map, offset) == value)
			return offset;
	return size;
}

int main(void)
{
	unsigned long map[5], seed = 1;

	for (int round = 0; round < 300; round++) {
		for (int i = 0; i < 5; i++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			map[i] = round % 3 == 0 ? ~0UL : round % 3 == 1 ? 0 : seed ^ (seed >> 29);
		}
		for (unsigned long size = 0; size <= 5 * BITS_PER_LONG; size++) {
			unsigned int weight = 0;

			for (unsigned long b = 0; b < size; b++)
				weight += bit(map, b);
			if (bitmap_weight(map, size) != weight) {
				printf("bitmap_weight(size %lu): %u, not %u\n", size, bitmap_weight(map, size), weight);
				return 1;
			}
			for (unsigned long off = 0; off <= size + 1; off++) {
				if (find_next_bit(map, size, off) != first(map, size, off, 1) ||
				    find_next_zero_bit(map, size, off) != first(map, size, off, 0)) {
					printf("find_next_(zero_)bit(size %lu, offset %lu) wrong\n", size, off);
					return 1;
				}
			}
		}
	}
	return 0;
}
C
$cc -O2 -DLIBLOCKDEP -I. -pthread "$out/prog.c" -o "$out/prog"
"$out/prog"
