#!/bin/sh
# Builds the benchmarks plain and with liblockdep (-O2) and prints their figures.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build/bench
cc=${CC:-cc}
mkdir -p "$build"
echo "machine: $(nproc) cores, $($cc --version | head -n 1)"
$cc -O2 -DLIBLOCKDEP -c "$top/liblockdep.c" -o "$build/liblockdep.o"
$cc -O2 -pthread "$top/tests/bench/lock_pair.c" -o "$build/lock_pair-plain"
$cc -O2 -pthread -DLIBLOCKDEP -include "$top/liblockdep.h" "$top/tests/bench/lock_pair.c" \
	"$build/liblockdep.o" -o "$build/lock_pair-checked"
"$build/lock_pair-plain" plain
"$build/lock_pair-checked" liblockdep
