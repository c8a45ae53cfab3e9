/* Shim: the constant helpers list.h and lockdep use. */
#ifndef LIBLOCKDEP_SHIM_CONST_H
#define LIBLOCKDEP_SHIM_CONST_H
#define _AC(X, Y)	(X##Y)
#define UL(x)		(_AC(x, UL))
#define ULL(x)		(_AC(x, ULL))
#endif
