/*
 * lock_all_any_order.c at ten times its size: 1,280 mutexes and 1,280 rwlocks of
 * one class held at once, released in any order: silent.
 *
 * Expect: silent
 */
#define LOCK_CNT 1280
#include "lock_all_any_order.c"
