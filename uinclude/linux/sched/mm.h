/* Shim: no memory-reclaim contexts in user space: nothing to track. */
