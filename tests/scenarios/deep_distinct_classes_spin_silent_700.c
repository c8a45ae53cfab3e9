/*
 * deep_distinct_classes_spin_silent.c at ten times its size: the spin lock held
 * under 700 mutexes tried. Silent.
 *
 * Expect: silent
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_spin_silent.c"
