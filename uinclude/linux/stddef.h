/* Shim: <stddef.h> already gives offsetof and NULL. */
#include <linux/compiler.h>
