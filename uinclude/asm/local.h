/* Shim: local_t is used only by DEBUG_LOCKDEP statistics, which liblockdep leaves off. */
