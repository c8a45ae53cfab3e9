/*
 * lock_all_relock_merged.c at ten times its size: one of 1,280 held mutexes of one
 * class locked again.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: locks[0]
 */
#define LOCK_CNT 1280
#include "lock_all_relock_merged.c"
