/*
 * deep_distinct_classes_irqs_on_blocked.c at ten times its size: shared_lock held
 * under 700 locks of as many classes, the signal blocked all along. Silent.
 *
 * Expect: silent
 */
#define DEEP_CNT 700
#define LET_IN_WHILE_HELD 0
#include "deep_distinct_classes_irqs_on.c"
