/* Shim: lockdep_proc.c sorts only for the lock_stat view (LOCK_STAT is off). */
