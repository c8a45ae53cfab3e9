/*
 * A rule silences the cycle whose classes it names, and only that one: a -> b -> a
 * is suppressed, its dependency b -> a stays in the graph, and b -> a -> c -> b,
 * which no rule names, is reported (cycle_through_reported_dependency.c with a
 * rule).
 *
 * Rules: suppress circular class=a class=b
 * Expect: WARNING: possible circular locking dependency detected
 * Names: a b c
 * Suppress: suppress circular class=b class=c class=a
 */
#include "cycle_through_reported_dependency.c"
