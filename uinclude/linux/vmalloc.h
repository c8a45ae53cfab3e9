/* Shim: lockdep_proc.c allocates only for the lock_stat view (LOCK_STAT is off). */
