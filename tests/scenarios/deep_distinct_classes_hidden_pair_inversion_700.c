/*
 * deep_distinct_classes_hidden_pair_inversion.c at ten times its size: chain[0] to
 * chain[699] held at once, in order, then chain[600] and inside it chain[2], both set
 * aside, in another thread.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: chain[2] chain[600]
 */
#define DEEP_CNT 700
#define INNER 600
#include "deep_distinct_classes_hidden_pair_inversion.c"
