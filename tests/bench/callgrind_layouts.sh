#!/bin/sh
# The rows of tests/bench/callgrind_rows.sh that depend on where things lie (the
# thread's lock cache and the lock table hash lock addresses, the fast path's steps
# hash class addresses), dropped in, in ten layouts of memory: under valgrind the
# address space is the same from run to run whatever ASLR says, so each layout is a
# build with a pad of pages before the program's data and another before
# liblockdep's, and a start that takes pages of the heap, as ASLR shifts them.
# Prints each row's least, median and most of the ten (instructions per pair, per
# round for the C++ workload; (Ir(2N) - Ir(N)) / N as callgrind_rows.sh counts).
#
# usage: sh tests/bench/callgrind_layouts.sh [DIR]   (DIR holds liblockdep.c/.h;
#        default: this tree). Environment: CC (default cc), CXX (default g++),
#        LAYOUTS (default 10).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
pair=$(cd "${1:-$top}" && pwd)
cc=${CC:-cc}
cxx=${CXX:-g++}
layouts=${LAYOUTS:-10}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# A pad of PAD pages of zeroed data, where the locks and classes lie; with HEAP, a
# constructor that takes HEAP pages of the heap a page at a time (under malloc's
# mmap threshold) and keeps them.
cat >"$out/pad.c" <<'C'
#include <stdlib.h>
char PAD_NAME[PAD * 4096];
#ifdef HEAP
static void __attribute__((__constructor__)) pad_heap(void)
{
	for (int i = 0; i < HEAP; i++)
		*(volatile char *)malloc(4096 - 16) = 1;
}
#endif
C
$cc -O2 -c -DLIBLOCKDEP -pthread "$pair/liblockdep.c" -o "$out/liblockdep.o"
$cc -O2 -c -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread \
	"$top/tests/bench/fast_path_rows.c" -o "$out/rows.o"
$cxx -O2 -c -std=c++17 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread \
	"$top/tests/bench/cxx_workload.cc" -o "$out/cxx.o"

ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : //p'
}

# $1 units per iteration, $2 N, then the command without its last argument.
per_unit() {
	units=$1 n=$2
	shift 2
	one=$(ir "$@" "$n")
	two=$(ir "$@" $((2 * n)))
	echo $(((two - one) / (n * units)))
}

i=0
while [ $i -lt "$layouts" ]; do
	# 7 to 52 pages before the program's data, 3 to 30 before liblockdep's, and
	# 7 to 61 of the heap: strides prime to each other.
	front=$((7 + 5 * i)) back=$((3 + 3 * i)) heap=$((7 + 6 * i))
	$cc -O2 -c -DPAD=$front -DPAD_NAME=pad_front -DHEAP=$heap "$out/pad.c" -o "$out/front.o"
	$cc -O2 -c -DPAD=$back -DPAD_NAME=pad_back "$out/pad.c" -o "$out/back.o"
	$cc -pthread "$out/front.o" "$out/rows.o" "$out/back.o" "$out/liblockdep.o" \
		-o "$out/rows" -ldl
	$cxx -pthread "$out/front.o" "$out/cxx.o" "$out/back.o" "$out/liblockdep.o" \
		-o "$out/cxx" -ldl
	per_unit 3 5000 "$out/rows" nest 3 >>"$out/nest3"
	per_unit 16 1000 "$out/rows" nest 16 >>"$out/nest16"
	per_unit 1000 20 "$out/rows" classes 1000 >>"$out/classes"
	per_unit 100000 1 "$out/rows" heap 100000 >>"$out/heap"
	per_unit 1 2000 "$out/cxx" >>"$out/cxx-O2"
	i=$((i + 1))
done

# "least median most" of a file of figures.
spread() {
	sort -n "$1" >"$1.sorted"
	echo "$(head -n 1 "$1.sorted") | $(sed -n "$(((layouts + 1) / 2))p" "$1.sorted") | $(tail -n 1 "$1.sorted")"
}

echo "| dropped in, $layouts layouts | least | median | most |"
echo "|---|--:|--:|--:|"
echo "| 3 nested locks | $(spread "$out/nest3") |"
echo "| 16 nested locks | $(spread "$out/nest16") |"
echo "| 1,000 classes round robin | $(spread "$out/classes") |"
echo "| 100,000 heap locks of one class | $(spread "$out/heap") |"
echo "| C++ queue and sharded map, -O2 (per round) | $(spread "$out/cxx-O2") |"
