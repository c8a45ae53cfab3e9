/*
 * deep_distinct_classes_trylocks_between.c at ten times its size: 400 mutexes taken
 * by trylock between under_tries and after_tries. Both inversions are reported.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Expect: WARNING: possible circular locking dependency detected
 * Names: under_tries after_tries tries[0]
 */
#define TRIES 400
#include "deep_distinct_classes_trylocks_between.c"
