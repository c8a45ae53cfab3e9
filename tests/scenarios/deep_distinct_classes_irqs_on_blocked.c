/*
 * deep_distinct_classes_irqs_on.c as it should be: the signal stays blocked while
 * shared_lock is held, set aside past lockdep's depth limit, and comes in after.
 * Silent.
 *
 * Expect: silent
 */
#define LET_IN_WHILE_HELD 0
#include "deep_distinct_classes_irqs_on.c"
