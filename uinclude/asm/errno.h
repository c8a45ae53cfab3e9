/* Shim: the kernel error numbers lockdep uses are the C library's. */
