/* Shim: unaligned loads for jhash through memcpy, which compilers turn into one load. */
#ifndef LIBLOCKDEP_SHIM_PACKED_STRUCT_H
#define LIBLOCKDEP_SHIM_PACKED_STRUCT_H
static inline u32 __get_unaligned_cpu32(const void *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}
#endif
