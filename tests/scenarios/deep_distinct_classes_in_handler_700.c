/*
 * deep_distinct_classes_in_handler_abba.c at ten times its size: the handler holds
 * handler_lock while it takes 700 locks of as many classes.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: handler_lock after_lock
 */
#define DEEP_CNT 700
#include "deep_distinct_classes_in_handler_abba.c"
