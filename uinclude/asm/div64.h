/* Shim: 64-bit division is plain C here; used only by the lock_stat view. */
#ifndef LIBLOCKDEP_SHIM_DIV64_H
#define LIBLOCKDEP_SHIM_DIV64_H
static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = (s32)(dividend % divisor);
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}
#endif
