#!/bin/sh
# Instructions per uncontended lock+unlock pair of one mutex with liblockdep, counted
# by callgrind: (Ir(2N) - Ir(N)) / N, so start-up costs cancel. Exact and repeatable
# where timings on a shared machine are not; compare two trees or two commits:
#
# usage: sh tests/bench/callgrind_pair.sh [DIR]   (DIR holds liblockdep.c/.h; default:
#        this tree). Environment: CC (default cc), N (default 100000).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pair=${1:-$top}
cc=${CC:-cc}
n=${N:-100000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/loop.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(int argc, char **argv)
{
	for (long i = atol(argv[1]); i > 0; i--) {
		pthread_mutex_lock(&m);
		pthread_mutex_unlock(&m);
	}
	return argc < 2;
}
C
$cc -O2 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread "$out/loop.c" "$pair/liblockdep.c" -o "$out/loop"
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/loop" "$1" 2>&1 |
		sed -n 's/.*Collected : //p'
}
one=$(ir "$n")
two=$(ir $((2 * n)))
echo "$(( (two - one) / n )) instructions per lock+unlock pair ($pair)"
