#!/bin/sh
# Instructions per lock+unlock pair at a real program's size (issue 33), counted by
# callgrind as (Ir(2N) - Ir(N)) / (N * pairs), so that start-up costs cancel: plain
# pthreads, liblockdep dropped in (liblockdep.c at -O2) and preloaded (as ./lockdep
# runs a program), for the workloads of tests/bench/fast_path_rows.c and for
# tests/bench/cxx_workload.cc (per round of its five pairs, at -O2 and -O0). With
# RUNS=n each figure is the median of n runs with the address space randomised as
# usual, the least and most beside it. ThreadSanitizer's runtime does not run under
# valgrind: its times are in bench.sh's tables.
#
# usage: sh tests/bench/callgrind_rows.sh [DIR]   (DIR holds liblockdep.c/.h; default:
#        this tree). Environment: CC (default cc), CXX (default g++), RUNS (default 1).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pair=${1:-$top}
cc=${CC:-cc}
cxx=${CXX:-g++}
runs=${RUNS:-1}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rows=$top/tests/bench/fast_path_rows.c
workload=$top/tests/bench/cxx_workload.cc
$cc -O2 -pthread "$rows" -o "$out/plain"
$cc -O2 -c -DLIBLOCKDEP -pthread "$pair/liblockdep.c" -o "$out/liblockdep.o"
$cc -O2 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread "$rows" "$out/liblockdep.o" \
	-o "$out/drop-in" -ldl
$cc -O2 -fPIC -shared -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -pthread "$pair/liblockdep.c" \
	-o "$out/liblockdep.so" -ldl
for level in O2 O0; do
	$cxx -$level -std=c++17 -pthread "$workload" -o "$out/cxx-$level"
	$cxx -$level -std=c++17 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread \
		"$workload" "$out/liblockdep.o" -o "$out/cxx-drop-in-$level" -ldl
done

# Instructions of one run: $1 flavour (plain, drop-in, preload), then the command.
ir() {
	flavour=$1
	shift
	case $flavour in
	preload) env LD_PRELOAD="$out/liblockdep.so" valgrind --tool=callgrind \
			--callgrind-out-file=/dev/null "$@" ;;
	*)	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" ;;
	esac 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}

# Instructions per unit: $1 flavour, $2 units per iteration, $3 N, then the
# command without its last argument, the iterations.
per_unit() {
	flavour=$1 units=$2 n=$3
	shift 3
	one=$(ir "$flavour" "$@" "$n")
	two=$(ir "$flavour" "$@" $((2 * n)))
	echo $(((two - one) / (n * units)))
}

# "median (least-most)" of $RUNS runs of per_unit with these arguments.
figure() {
	i=0
	: >"$out/runs"
	while [ $i -lt "$runs" ]; do
		per_unit "$@" >>"$out/runs"
		i=$((i + 1))
	done
	sort -n "$out/runs" >"$out/sorted"
	median=$(sed -n "$(((runs + 1) / 2))p" "$out/sorted")
	if [ "$runs" -gt 1 ]; then
		echo "$median ($(head -n 1 "$out/sorted")-$(tail -n 1 "$out/sorted"))"
	else
		echo "$median"
	fi
}

# A row: $1 title, $2 units per iteration, $3 N, then the program's arguments but
# the iterations; the C++ rows name their programs.
row() {
	title=$1 units=$2 n=$3
	shift 3
	case $1 in
	cxx-*)	plain=$(figure plain "$units" "$n" "$out/$1")
		dropin=$(figure drop-in "$units" "$n" "$out/cxx-drop-in-${1#cxx-}")
		preload=$(figure preload "$units" "$n" "$out/$1") ;;
	*)	plain=$(figure plain "$units" "$n" "$out/plain" "$@")
		dropin=$(figure drop-in "$units" "$n" "$out/drop-in" "$@")
		preload=$(figure preload "$units" "$n" "$out/plain" "$@") ;;
	esac
	echo "| $title | $plain | $dropin | $preload | $(ratio "$dropin" "$plain") | $(ratio "$preload" "$plain") |"
}

# $1 / $2 to one decimal, from the medians.
ratio() {
	a=${1%% *} b=${2%% *}
	echo "$((a / b)).$((a * 10 / b % 10))x"
}

# Instructions per round of the nest of $1 locks (pairs: the whole round).
nest_round() {
	per_unit drop-in 1 2000 "$out/drop-in" nest "$1"
}

echo "| instructions per lock+unlock pair | plain | liblockdep | preload | liblockdep ÷ plain | preload ÷ plain |"
echo "|---|--:|--:|--:|--:|--:|"
row "one mutex, main thread" 1000 20 mutex 1000
row "one mutex, created thread" 1000 20 thread 1000
row "3 nested locks" 3 5000 nest 3
row "16 nested locks" 16 1000 nest 16
row "10 classes round robin" 10 2000 classes 10
row "1,000 classes round robin" 1000 20 classes 1000
row "100,000 heap locks of one class" 100000 1 heap 100000
row "C++ queue and sharded map, -O2 (per round of 5 pairs)" 1 2000 cxx-O2
row "C++ queue and sharded map, -O0 (per round of 5 pairs)" 1 1000 cxx-O0
echo
first=$(nest_round 1)
sixteenth=$(($(nest_round 16) - $(nest_round 15)))
echo "Marginal pair (liblockdep): the 1st of a nest $first, the 16th $sixteenth instructions."
