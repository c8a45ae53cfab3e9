/* Shim: no architecture-specific hash; linux/hash.h uses its generic one. */
