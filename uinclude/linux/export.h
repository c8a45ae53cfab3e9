/* Shim: symbol exports mean nothing inside one translation unit; see linux/linkage.h. */
#include <linux/linkage.h>
