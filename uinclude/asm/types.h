/* Shim: the kernel's <asm/types.h> is only integer types, all in <linux/types.h>. */
#include <linux/types.h>
/* hash.h tests the word size in #if; glibc's __WORDSIZE is a plain number. */
#define BITS_PER_LONG		__WORDSIZE
