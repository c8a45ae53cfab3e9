/* Shim: container_of without the kernel's type-check machinery. */
#ifndef LIBLOCKDEP_SHIM_CONTAINER_OF_H
#define LIBLOCKDEP_SHIM_CONTAINER_OF_H
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))
#endif
