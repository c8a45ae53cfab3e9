# C++ locks through out of line plumbing unwind the stack once per call site, not
# once per lock (src/plumbing_sites.c): tests/bench/cxx_workload.cc (std::lock_guard,
# and std::scoped_lock of two mutexes, whose std::lock<> GCC leaves out of line at
# -O2; everything out of line at -O0) makes as many backtrace() calls under
# ./lockdep at 2,000 iterations as at 1,000, and prints what it prints plain. A
# preloaded counter, after liblockdep.so, counts the calls. Our own unwinder
# (src/unwind.c) takes most traces without backtrace(): its walks are counted by
# callgrind, as many at 2,000 iterations as at 1,000 too (SKIP without valgrind).
set -eu
cxx=${CXX:-g++}
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

cat > "$out/count.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
static long calls;
int backtrace(void **buffer, int size)
{
	int (*real)(void **, int) = (int (*)(void **, int))dlsym(RTLD_NEXT, "backtrace");

	__atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED);
	return real(buffer, size);
}
static void __attribute__((destructor)) report(void)
{
	const char *path = getenv("BACKTRACE_COUNT");
	FILE *f = path ? fopen(path, "w") : NULL;

	if (f) {
		fprintf(f, "%ld\n", calls);
		fclose(f);
	}
}
C
$cc -O2 -fPIC -shared "$out/count.c" -o "$out/count.so" -ldl

# $1: the program, $2: iterations; prints the number of backtrace() calls.
unwinds() {
	LD_PRELOAD=$out/count.so BACKTRACE_COUNT=$out/count ./lockdep "$1" "$2" \
		>"$out/checked.out" 2>"$out/checked.err"
	"$1" "$2" >"$out/plain.out"
	if ! cmp -s "$out/plain.out" "$out/checked.out" || [ -s "$out/checked.err" ] &&
	   grep -v '^lockdep: ' "$out/checked.err" | grep -q .; then
		echo "$1 $2: not as plain: $(head -c 600 "$out/checked.err")" >&2
		echo -1
		return
	fi
	cat "$out/count"
}

# $1: the program, $2: iterations; prints the walks of our unwinder (calls of
# unwind_frames() in liblockdep.so, each process's callgrind file read on its own:
# its function numbers are its own).
walks() {
	valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out/cg.%p" \
		./lockdep "$1" "$2" >/dev/null 2>&1
	awk 'FNR == 1 { delete names }
	     /^c?fn=/ { id = $1; sub(/^c?fn=/, "", id); if (NF > 1) names[id] = $2
			if ($0 ~ /^cfn=/) callee = names[id] }
	     /^calls=/ { n = $1; sub(/^calls=/, "", n); if (callee ~ /^unwind_frames/) total += n }
	     END { print total + 0 }' "$out"/cg.*
	rm -f "$out"/cg.*
}

failed=0
for level in O0 O2; do
	$cxx -$level -std=c++17 -pthread tests/bench/cxx_workload.cc -o "$out/prog"
	one=$(unwinds "$out/prog" 1000)
	two=$(unwinds "$out/prog" 2000)
	if [ "$one" -lt 0 ] || [ "$one" != "$two" ]; then
		echo "-$level: $one backtrace() calls at 1,000 iterations, $two at 2,000"
		failed=1
	fi
	if ! command -v valgrind >/dev/null; then
		echo "SKIP cxx_plumbing_unwound_once: needs valgrind (our unwinder's walks not counted)"
		continue
	fi
	one=$(walks "$out/prog" 1000)
	two=$(walks "$out/prog" 2000)
	if [ "$one" = 0 ] || [ "$one" != "$two" ]; then
		echo "-$level: $one walks of our unwinder at 1,000 iterations, $two at 2,000"
		failed=1
	fi
done
exit $failed
