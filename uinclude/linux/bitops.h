/* Shim: the bit operations lockdep uses on its bitmaps (under the graph lock, or
 * read-only on the fast path), as gcc builtins. */
#ifndef LIBLOCKDEP_SHIM_BITOPS_H
#define LIBLOCKDEP_SHIM_BITOPS_H
#include <linux/types.h>
#include <asm/types.h>

#define BITS_PER_BYTE		8
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BITS_TO_LONGS(nr)	DIV_ROUND_UP(nr, BITS_PER_LONG)

static inline void __set_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] |= BIT_MASK(nr);
}

static inline void __clear_bit(unsigned long nr, unsigned long *addr)
{
	addr[BIT_WORD(nr)] &= ~BIT_MASK(nr);
}

#define arch_test_bit(nr, addr)	test_bit(nr, addr)

static inline int test_bit(unsigned long nr, const unsigned long *addr)
{
	return (addr[BIT_WORD(nr)] >> (nr % BITS_PER_LONG)) & 1;
}

#define set_bit(nr, addr)	__atomic_or_fetch(&(addr)[BIT_WORD(nr)], BIT_MASK(nr), __ATOMIC_RELAXED)
#define clear_bit(nr, addr)	__atomic_and_fetch(&(addr)[BIT_WORD(nr)], ~BIT_MASK(nr), __ATOMIC_RELAXED)

static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

/* The bits set in a word, computed in place: without -mpopcnt the compiler's builtin
 * is a call into libgcc, which would be linked into the program under its own name. */
static inline unsigned int word_weight(unsigned long w)
{
	w -= (w >> 1) & 0x5555555555555555UL;
	w = (w & 0x3333333333333333UL) + ((w >> 2) & 0x3333333333333333UL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fUL;
	return (unsigned int)((w * 0x0101010101010101UL) >> 56);
}

/* Word at a time, as the kernel's own: lockdep counts and searches bitmaps of tens of
 * thousands of bits (its free dependency and chain slots) on every new dependency. */
static inline unsigned int bitmap_weight(const unsigned long *map, unsigned int nbits)
{
	unsigned int w = 0, i;

	for (i = 0; i < nbits / BITS_PER_LONG; i++)
		w += word_weight(map[i]);
	if (nbits % BITS_PER_LONG)
		w += word_weight(map[i] & (~0UL >> (BITS_PER_LONG - nbits % BITS_PER_LONG)));
	return w;
}

#define for_each_set_bit(bit, addr, size)				\
	for ((bit) = find_first_bit((addr), (size));			\
	     (bit) < (size);						\
	     (bit) = find_next_bit((addr), (size), (bit) + 1))

/* The first bit from offset on that is set in the bitmap xor'ed with invert. */
static inline unsigned long find_next_bit_inverted(const unsigned long *addr, unsigned long size,
						   unsigned long offset, unsigned long invert)
{
	unsigned long word;

	if (offset >= size)
		return size;
	word = (addr[BIT_WORD(offset)] ^ invert) & (~0UL << (offset % BITS_PER_LONG));
	while (!word) {
		offset = (BIT_WORD(offset) + 1) * BITS_PER_LONG;
		if (offset >= size)
			return size;
		word = addr[BIT_WORD(offset)] ^ invert;
	}
	offset = BIT_WORD(offset) * BITS_PER_LONG + __builtin_ctzl(word);
	return offset < size ? offset : size;
}

static inline unsigned long find_next_bit(const unsigned long *addr,
					  unsigned long size, unsigned long offset)
{
	return find_next_bit_inverted(addr, size, offset, 0);
}

static inline unsigned long find_next_zero_bit(const unsigned long *addr,
					       unsigned long size, unsigned long offset)
{
	return find_next_bit_inverted(addr, size, offset, ~0UL);
}

#define find_first_bit(addr, size)	find_next_bit((addr), (size), 0)
#define find_first_zero_bit(addr, size)	find_next_zero_bit((addr), (size), 0)
#endif
