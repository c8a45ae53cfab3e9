/*
 * deep_distinct_classes_irqs_on.c at ten times its size: shared_lock held under 700
 * locks of as many classes when the signal is let in.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: shared_lock
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_irqs_on.c"
