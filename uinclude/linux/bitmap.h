/* Shim: bitmap declarations; lockdep only declares, sets and scans them. */
#ifndef LIBLOCKDEP_SHIM_BITMAP_H
#define LIBLOCKDEP_SHIM_BITMAP_H
#include <linux/bitops.h>
#define DECLARE_BITMAP(name, bits)	unsigned long name[BITS_TO_LONGS(bits)]

static inline void bitmap_andnot(unsigned long *dst, const unsigned long *a,
				 const unsigned long *b, unsigned int nbits)
{
	for (unsigned int i = 0; i < BITS_TO_LONGS(nbits); i++)
		dst[i] = a[i] & ~b[i];
}

static inline void bitmap_clear(unsigned long *map, unsigned int start, unsigned int len)
{
	for (unsigned int i = start; i < start + len; i++)
		__clear_bit(i, map);
}
#endif
