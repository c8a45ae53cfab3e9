/*
 * lock_all_merged_pair_inversion.c at ten times its size: 1,280 locks of one class
 * held at once, the last two taken in both orders.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0]
 */
#define LOCK_CNT 1280
#include "lock_all_merged_pair_inversion.c"
