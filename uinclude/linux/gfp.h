/* Shim: lockdep allocates nothing at run time: every table is static. */
