#!/bin/sh
# Builds each fuzz target tests/fuzz/*.c (a parser of liblockdep's input, on any
# bytes) with clang's libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer, and
# runs each for FUZZ_SECONDS (300), from its seeds (tests/fuzz/<target>.seeds, one a
# line) and dictionary (<target>.dict). A target that reads binary files (ELF) has
# its seeds built from tests/fuzz/seeds/<target>.c instead: the object file, and a
# shared object with and without its .symtab, without it but with a build-id
# (whose note leads to a separate debug file), and with -g's DWARF 5 and 4. Prints per target the runs, executions
# per second and coverage libFuzzer reports; fails on any finding (the input is kept
# in $BUILD/fuzz). Exits 77 when clang cannot build a fuzzer here.
#
# usage: tests/fuzz/run.sh [target-name-filter]   (make fuzz; make test runs it briefly)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}/fuzz
clang=${FUZZ_CC:-clang}
seconds=${FUZZ_SECONDS:-300}
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all"
filter=${1:-}
mkdir -p "$build"
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return d[0] + (int)n; }\n' \
	> "$build/probe.c"
if ! "$clang" $flags "$build/probe.c" -o "$build/probe" 2> /dev/null; then
	echo "fuzz: $clang cannot build with -fsanitize=fuzzer (libFuzzer) here"
	exit 77
fi
failed=0
for src in "$top"/tests/fuzz/*.c; do
	name=$(basename "$src" .c)
	case $name in *"$filter"*) ;; *) continue ;; esac
	exe=$build/$name corpus=$build/$name.corpus
	if ! "$clang" $flags -DLIBLOCKDEP -I"$top" "$src" -o "$exe" 2> "$build/$name.log"; then
		echo "FAIL fuzz $name: does not build: $(head -c 600 "$build/$name.log")"
		failed=1
		continue
	fi
	mkdir -p "$corpus"
	if [ -f "$top/tests/fuzz/$name.seeds" ]; then
		i=0
		while IFS= read -r seed; do
			i=$((i + 1))
			printf '%s' "$seed" > "$corpus/seed-$i"
		done < "$top/tests/fuzz/$name.seeds"
	fi
	seed_c=$top/tests/fuzz/seeds/$name.c
	if [ -f "$seed_c" ]; then
		so_flags="-shared -fPIC -nostdlib -Wl,-z,noseparate-code,-z,norelro,--build-id=none"
		if ! { "$clang" -c "$seed_c" -o "$corpus/seed-object" &&
		       "$clang" $so_flags "$seed_c" -o "$corpus/seed-shared" &&
		       "$clang" $so_flags -s "$seed_c" -o "$corpus/seed-stripped" &&
		       "$clang" $so_flags -s -Wl,--build-id=sha1 "$seed_c" -o "$corpus/seed-build-id" &&
		       "$clang" $so_flags -g "$seed_c" -o "$corpus/seed-debug" &&
		       "$clang" $so_flags -gdwarf-4 "$seed_c" -o "$corpus/seed-debug-4"; } \
			2> "$build/$name.log"; then
			echo "FAIL fuzz $name: seeds do not build: $(head -c 600 "$build/$name.log")"
			failed=1
			continue
		fi
	fi
	dict=
	[ -f "$top/tests/fuzz/$name.dict" ] && dict=-dict=$top/tests/fuzz/$name.dict
	"$exe" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$build/$name-" $dict "$corpus" > "$build/$name.log" 2>&1
	status=$?
	stats=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$build/$name.log" | tail -n 1)
	if [ "$status" -ne 0 ]; then
		echo "FAIL fuzz $name: libFuzzer exit $status:"
		grep -E 'ERROR|SUMMARY|runtime error|deadly signal|Test unit written' "$build/$name.log" | head -n 10
		failed=1
	else
		echo "PASS fuzz $name: ${seconds}s: $(echo "$stats" | sed 's/^#\([0-9]*\)[[:space:]]*DONE[[:space:]]*/\1 runs, /')"
	fi
done
exit $failed
