/*
 * stress_signal_class_churn.h with one class per site (the default): a handler's
 * inits and destroys, wherever it interrupts its thread, give each lock the class of
 * its own init site, never a stale one (a false "inconsistent lock state").
 *
 * Expect: silent
 */
#include "stress_signal_class_churn.h"
