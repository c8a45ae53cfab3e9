/*
 * maker_roles_never_meet.c built -O0: the wrapper and its callers out of line and
 * larger, the roles still classes of their own: silent.
 *
 * Cflags: -O0
 * Expect: silent
 */
#include "maker_roles_never_meet.c"
