/*
 * signal_handler_waits_while_interrupting_liblockdep with a lock class per lock:
 * each destroy frees its class and waits for a grace period.
 *
 * Env: LIBLOCKDEP_CLASSES=instance
 * Expect: silent
 */
#include "signal_handler_waits_while_interrupting_liblockdep.c"
