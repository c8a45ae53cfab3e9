/*
 * mutex_created_locked_under_master.c with a class per lock (LIBLOCKDEP_CLASSES=
 * instance): the mutex made under the master and the master, and the same mutex
 * held while another is asked for (mutex -> master), were a cycle of two instances
 * (gdalwarp -multi). Silent.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_CLASSES=instance
 */
#include "mutex_created_locked_under_master.c"
