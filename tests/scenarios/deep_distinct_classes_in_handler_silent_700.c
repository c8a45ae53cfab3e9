/*
 * deep_distinct_classes_in_handler.c at ten times its size: the handler holds
 * handler_lock while it takes 700 locks of as many classes. Silent.
 *
 * Expect: silent
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_in_handler.c"
