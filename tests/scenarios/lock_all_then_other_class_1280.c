/*
 * lock_all_then_other_class.c at ten times its size: another class's lock taken
 * while 1,280 of one class are held.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: locks[0] other x y
 */
#define LOCK_CNT 1280
#include "lock_all_then_other_class.c"
