#!/bin/sh
# Instructions per lock init at a site inside a function called through a pointer (a
# type's instance init, src/lock_creators.c), counted by callgrind as (Ir(2N) -
# Ir(N)) / N: each such init takes the stack of its creator (LOCK_CREATOR_DEPTH
# frames) to key its class, so its cost is mostly that trace's.
#
# usage: sh tests/bench/callgrind_creator_init.sh [DIR]   (DIR holds liblockdep.c/.h;
#        default: this tree). Environment: CC (default cc), N (default 2000).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pair=${1:-$top}
cc=${CC:-cc}
n=${N:-2000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/inits.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
struct object { pthread_mutex_t lock; };
static void object_init(struct object *o)
{
	pthread_mutex_init(&o->lock, NULL);
}
/* A type system's call of an instance init, through a pointer. */
static void (*volatile instance_init)(struct object *) = object_init;
static __attribute__((noinline)) void object_new(struct object *o)
{
	instance_init(o);
	__asm__ volatile("" ::: "memory");
}
int main(int argc, char **argv)
{
	struct object o;

	for (long i = atol(argv[1]); i > 0; i--) {
		object_new(&o);
		pthread_mutex_destroy(&o.lock);
	}
	return argc < 2;
}
C
$cc -O2 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread "$out/inits.c" "$pair/liblockdep.c" \
	-o "$out/inits" -ldl
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/inits" "$1" 2>&1 |
		sed -n 's/.*Collected : //p'
}
one=$(ir "$n")
two=$(ir $((2 * n)))
echo "$(( (two - one) / n )) instructions per lock init in a function called through a pointer ($pair)"
