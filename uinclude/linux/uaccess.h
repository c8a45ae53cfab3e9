/* Shim: no user/kernel copies: lock_stat's write handler is the only user (LOCK_STAT is off). */
