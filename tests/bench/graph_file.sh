#!/bin/sh
# LIBLOCKDEP_GRAPH at suite scale: a graph of DEPS dependencies (20,000) from 1,000
# processes, among 4,000 classes, each with a 6-frame stack. Prints the file size per
# 1,000 dependencies, and the time a process takes to load it (a program that takes
# one lock, minus the same run without the graph), to merge a dependency of its own
# into it at exit, and lockdep --check-graph's time over it. Best of 5 each.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cc=${CC:-cc}
deps=${DEPS:-20000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/one_lock.c" <<'C'
#include <pthread.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int main(void)
{
	pthread_mutex_lock(&a);
	pthread_mutex_lock(&b);
	pthread_mutex_unlock(&b);
	pthread_mutex_unlock(&a);
	return 0;
}
C
$cc -O2 -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread "$out/one_lock.c" "$top/liblockdep.c" \
	-o "$out/one_lock"
make -s -C "$top" check-graph > /dev/null
# Classes c0..c3999 in a consistent order (lower to higher): no cycle.
awk -v deps="$deps" 'BEGIN {
	print "liblockdep-graph 2"
	srand(1)
	for (i = 0; i < deps; i++) {
		a = int(rand() * 3999); b = a + 1 + int(rand() * (3999 - a))
		printf "8\tclass_%d\t0\t\t\tclass_%d\t0\t\t\ttest_%d\t%d\t2026-12-03 12:00:00 UTC", a, b, i % 1000, 10000 + i % 1000
		printf "\tlock_class_%d+0x1c (test_%d)\tdo_work_%d+0x4a (test_%d)", b, i % 1000, i % 97, i % 1000
		printf "\trun_case+0x2f (test_%d)\tmain+0x11 (test_%d)", i % 1000, i % 1000
		printf "\t__libc_start_main+0x85 (libc.so.6)\t_start+0x21 (test_%d)\n", i % 1000
	}
}' > "$out/suite.graph"
# CPU time (user + system, ms; 10 ms resolution) of "$@", best of 5: the machine's
# other load stays out of the figure.
best() {
	min=
	for i in 1 2 3 4 5; do
		t=$(/usr/bin/time -f '%U %S' "$@" 2>&1 > /dev/null | tail -n 1 |
			awk '{ printf "%d", ($1 + $2) * 1000 }')
		if [ -z "$min" ] || [ "$t" -lt "$min" ]; then min=$t; fi
	done
	echo "$min"
}
size=$(wc -c < "$out/suite.graph")
plain=$(best "$out/one_lock")
cp "$out/suite.graph" "$out/load.graph"
# A process that adds nothing new only loads (its dependency is added by the first run).
LIBLOCKDEP_GRAPH=$out/load.graph "$out/one_lock"
load=$(best env LIBLOCKDEP_GRAPH="$out/load.graph" "$out/one_lock")
# A process with a dependency of its own: the file copied afresh each time.
merge=$(best sh -c 'cp "$1/suite.graph" "$1/merge.graph" &&
	LIBLOCKDEP_GRAPH=$1/merge.graph "$1/one_lock"' sh "$out")
check=$(best "$top/lockdep" --check-graph "$out/suite.graph")
echo "graph of $deps dependencies: $size bytes, $((size * 1000 / deps)) bytes per 1,000 dependencies"
echo "CPU time of a process that loads it: $load ms (without the graph: $plain ms)"
echo "CPU time of a process that loads it and merges into it at exit: $merge ms"
echo "lockdep --check-graph of it: $check ms"
