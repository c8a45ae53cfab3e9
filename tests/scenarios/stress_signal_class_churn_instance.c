/*
 * stress_signal_class_churn.h with a lock class per lock: each mutex a handler
 * initialises is a new class, registered in the handler, and its destroy frees the
 * class (zap, RCU grace period) in the handler too.
 *
 * Env: LIBLOCKDEP_CLASSES=instance
 * Expect: silent
 */
#include "stress_signal_class_churn.h"
