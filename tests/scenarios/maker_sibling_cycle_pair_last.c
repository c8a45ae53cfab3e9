/*
 * maker_sibling_cycle_through_static.c's cycle with its nesting of two siblings
 * learned last: a session's mutex held over the registry lock, the registry lock
 * over a record's mutex (lockdep's two dependencies), then the record's mutex held
 * over the session's (a pair of siblings, judged by instance). The new pair closes
 * the cycle: reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: registry_lock mutex@app_mutex_init<record_new* mutex@app_mutex_init
 */
#define PAIR_LAST
#include "maker_sibling_cycle_through_static.c"
