/*
 * deep_distinct_classes_handler_lock.c at ten times its size: 700 locks of as many
 * classes, the handler's lock taken at every depth, at full records each time lockdep
 * holds 62 (at 62, 93, ... 682 held).
 *
 * Expect: silent
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_handler_lock.c"
