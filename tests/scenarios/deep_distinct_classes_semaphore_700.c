/*
 * deep_distinct_classes_semaphore.c at ten times its size: the semaphore held under
 * 700 locks of as many classes.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_semaphore.c"
