# LIBLOCKDEP_GRAPH: a program with a/log.c and b/log.c, each with its own "static
# pthread_mutex_t lock", nests the two, correctly. Both are "lock" of "log.c" to the
# compiler's symbol table (src/symbols.c), so they must not become one class through
# the graph file: the second run, and every one after, stays silent, as the first
# (it was "possible recursive locking"), and the file holds only the order of the
# program's two global locks. Both flavours.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; [ -n "${2-}" ] && head -c 1500 "$2"; exit 1; }
srcs="tests/graph/two_logs.c tests/graph/a/log.c tests/graph/b/log.c"
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread $srcs liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread $srcs -o "$out/plain"
make -s preload > /dev/null 2>&1
[ "$(readelf -s "$out/plain" | grep -c ' FILE .* log\.c$')" -eq 2 ] ||
	fail "not a test: the program has not two units named log.c"
for flavour in drop-in preload; do
	prog=$out/drop-in
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain"
	for run in 1 2 3; do
		status=0
		LIBLOCKDEP_GRAPH=$out/$flavour.graph $prog 2> "$out/err" || status=$?
		[ $status -eq 0 ] && [ ! -s "$out/err" ] ||
			fail "$flavour, run $run: two locks of one name and file name merged (exit $status):" "$out/err"
	done
	grep -q 'journal_lock' "$out/$flavour.graph" ||
		fail "$flavour: the graph does not hold journal_lock's order" "$out/$flavour.graph"
	! grep -q 'log\.c' "$out/$flavour.graph" ||
		fail "$flavour: the graph names a static of an ambiguous file name" "$out/$flavour.graph"
done
exit 0
