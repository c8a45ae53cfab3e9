/*
 * deep_distinct_classes_semaphore_inversion.c at ten times its size: the semaphore
 * held under 700 locks of as many classes, then taken inside chain[5].
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: sem_lock chain[5]
 * Env: LIBLOCKDEP_SEMAPHORES=1
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_semaphore_inversion.c"
