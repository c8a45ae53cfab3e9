/*
 * deep_distinct_classes_held_at_exit.c at ten times its size: the thread ends holding
 * 700 locks of as many classes.
 *
 * Expect: WARNING: * still has locks held!
 * Expect: WARNING: * still has locks held!
 * Names: chain[0] chain[699]
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_held_at_exit.c"
