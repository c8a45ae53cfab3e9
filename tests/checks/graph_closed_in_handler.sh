# LIBLOCKDEP_GRAPH: first_lock -> second_lock recorded by a run, second_lock ->
# first_lock taken in a signal handler by a later run (tests/graph/handler_order.c):
# the later run reports the cycle, as one process doing both reports it. It was
# silent: a class first used in a handler never met the graph. The replayed order
# lends the classes no signal state: one report, the circular one. Both flavours.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; [ -n "${2-}" ] && head -c 1500 "$2"; exit 1; }
headline='^WARNING: possible circular locking dependency detected$'
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread tests/graph/handler_order.c liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread tests/graph/handler_order.c -o "$out/plain"
make -s preload > /dev/null 2>&1
for flavour in drop-in preload; do
	prog=$out/drop-in
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain"
	status=0
	$prog both 2> "$out/err" || status=$?
	[ $status -eq 66 ] && grep -q '^WARNING: ' "$out/err" ||
		fail "$flavour: not a test: one process doing both is not reported (exit $status)" "$out/err"
	graph=$out/$flavour.graph
	LIBLOCKDEP_GRAPH=$graph $prog order 2> "$out/err" && [ ! -s "$out/err" ] ||
		fail "$flavour: the order alone is correct, yet:" "$out/err"
	status=0
	LIBLOCKDEP_GRAPH=$graph $prog handler 2> "$out/err" || status=$?
	[ $status -eq 66 ] && [ "$(grep -c '^WARNING: ' "$out/err")" -eq 1 ] && grep -q "$headline" "$out/err" ||
		fail "$flavour: the recorded order closed in a handler: exit $status, not one circular report:" "$out/err"
	grep -q '(first_lock)' "$out/err" && grep -q '(second_lock)' "$out/err" &&
	grep -q '^       recorded by [a-z-]*, pid [0-9]*, at ' "$out/err" && grep -q '^  reversed+0x' "$out/err" ||
		fail "$flavour: the report's classes or sides:" "$out/err"
done
exit 0
