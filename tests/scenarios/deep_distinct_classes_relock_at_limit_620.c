/*
 * deep_distinct_classes_relock_at_limit.c at ten times its size: 620 error-checking
 * mutexes held, which leaves lockdep's records full again (62 + 18 x 31), then
 * chain[0] locked again.
 *
 * Expect: WARNING: possible recursive locking detected
 * Names: chain[0]
 */
#define DEEP_CNT 620
#include "deep_distinct_classes_relock_at_limit.c"
