/*
 * deep_distinct_classes_handler_relock.c at ten times its size: 620 locks of as many
 * classes held, which leaves lockdep's records full again (62 + 18 x 31), then the
 * handler waits for chain[0], set aside long before.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: chain[0]
 */
#define DEEP_CNT 620
#include "deep_distinct_classes_handler_relock.c"
