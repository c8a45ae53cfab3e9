/* Shim: 64-bit division is plain C here; used only by the lock_stat view. */
