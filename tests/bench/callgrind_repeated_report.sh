#!/bin/sh
# What a repeated problem costs, against a validated chain: instructions per round,
# counted by callgrind as (Ir(2N) - Ir(N)) / N, of
#   chain:  lock A, lock B, unlock B, unlock A: a chain lockdep validated already;
#   repeat: lock a spin lock, lock a mutex, unlock both: an invalid wait context,
#           reported the first time, a known problem every time after.
#
# usage: sh tests/bench/callgrind_repeated_report.sh [DIR]   (DIR holds liblockdep.c/.h;
#        default: this tree). Environment: CC (default cc), N (default 10000).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pair=${1:-$top}
cc=${CC:-cc}
n=${N:-10000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/loop.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t sleeping = PTHREAD_MUTEX_INITIALIZER;
int main(int argc, char **argv)
{
	int repeat = argc > 2 && !strcmp(argv[1], "repeat");
	pthread_spinlock_t spin;

	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	for (long i = argc > 2 ? atol(argv[2]) : 0; i > 0; i--) {
		if (repeat) {
			pthread_spin_lock(&spin);
			pthread_mutex_lock(&sleeping);
			pthread_mutex_unlock(&sleeping);
			pthread_spin_unlock(&spin);
		} else {
			pthread_mutex_lock(&a);
			pthread_mutex_lock(&b);
			pthread_mutex_unlock(&b);
			pthread_mutex_unlock(&a);
		}
	}
	return 0;
}
C
$cc -O2 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread "$out/loop.c" "$pair/liblockdep.c" -o "$out/loop"
ir() {
	LIBLOCKDEP_EXITCODE=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$out/loop" "$1" "$2" 2>&1 | sed -n 's/.*Collected : //p'
}
for mode in chain repeat; do
	one=$(ir $mode "$n")
	two=$(ir $mode $((2 * n)))
	echo "$mode: $(( (two - one) / n )) instructions per round ($pair)"
done
