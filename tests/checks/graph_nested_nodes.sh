# LIBLOCKDEP_GRAPH: a run nests a node in a node of one class, then takes table_lock;
# a later run takes table_lock, then one node (tests/graph/nested_nodes.c). The
# second run reports the cycle, as one process doing both would, though it never
# nests two nodes itself: a recorded dependency that names a subclass of a class
# (node/1 of instance nesting, or of an annotation) counts in a process that never
# used that subclass (src/graph_replay.c). It was silent. lockdep --check-graph of
# the two runs' shards reports it too. Both flavours.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; [ -n "${2-}" ] && head -c 1500 "$2"; exit 1; }
headline='^WARNING: possible circular locking dependency detected$'
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread tests/graph/nested_nodes.c liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread tests/graph/nested_nodes.c -o "$out/plain"
make -s preload check-graph > /dev/null 2>&1
for flavour in drop-in preload; do
	prog=$out/drop-in
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain"
	graph=$out/$flavour.graph
	rm -f "$out"/*.graph
	LIBLOCKDEP_GRAPH=$graph $prog nest 2> "$out/err" && [ ! -s "$out/err" ] ||
		fail "$flavour: nesting nodes is correct, yet:" "$out/err"
	status=0
	LIBLOCKDEP_GRAPH=$graph $prog table 2> "$out/err" || status=$?
	[ $status -eq 66 ] && [ "$(grep -c "$headline" "$out/err")" -eq 1 ] ||
		fail "$flavour: table_lock -> node after node -> node -> table_lock: exit $status, not one report:" "$out/err"
	grep -q '(table_lock)' "$out/err" && grep -q '(mutex@node_new[/0-9]*)' "$out/err" &&
	grep -q '^       recorded by [a-z-]*, pid [0-9]*, at ' "$out/err" ||
		fail "$flavour: the report's classes or recorded side:" "$out/err"
	# CI shards, one run each.
	LIBLOCKDEP_GRAPH=$out/nest.graph $prog nest
	LIBLOCKDEP_GRAPH=$out/table.graph $prog table
	status=0
	./lockdep --check-graph "$out/nest.graph" "$out/table.graph" 2> "$out/err" || status=$?
	[ $status -eq 66 ] && [ "$(grep -c "$headline" "$out/err")" -eq 1 ] ||
		fail "$flavour: --check-graph exited $status, not one report:" "$out/err"
done
exit 0
