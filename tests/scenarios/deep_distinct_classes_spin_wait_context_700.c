/*
 * deep_distinct_classes_spin_wait_context.c at ten times its size: the spin lock
 * held under 700 mutexes tried.
 *
 * Expect: \[ BUG: Invalid wait context \]
 * Names: spin sleeper
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_spin_wait_context.c"
