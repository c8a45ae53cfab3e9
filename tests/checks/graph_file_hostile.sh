# LIBLOCKDEP_GRAPH in a directory others can write to (src/graph_file.c): nothing
# planted there holds a process before main. A FIFO as the graph (or given to lockdep
# --check-graph) is refused in one line, never opened for a writer to come; an empty
# file (as mktemp makes) is an empty graph; the graph's .lock file held by another
# user is not ours, refused at once; held by a process of ours, it is waited for 5
# seconds, then the run goes on without the graph, in one line. Both flavours.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
holder=
trap '[ -z "$holder" ] || kill "$holder" 2> /dev/null; rm -rf "$out"' EXIT
flags="-O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread"
fail() { echo "$1"; [ -n "${2-}" ] && head -c 1500 "$2"; exit 1; }
# A correct program, run with a limit: a hang is exit 124.
run() {
	g=$1
	shift
	status=0
	LIBLOCKDEP_GRAPH=$g timeout 20 "$@" 2> "$out/err" || status=$?
}
# A lock file held by a shell until it is killed, of the user named after it.
hold() {
	lock=$1
	shift
	"$@" sh -c 'exec 9>> "$1" && flock 9 && exec sleep 60' sh "$lock" &
	holder=$!
	i=0
	while [ ! -e "$lock" ] || flock -n "$lock" true; do
		i=$((i + 1))
		[ $i -lt 100 ] || fail "the holder of $lock did not take it"
		sleep 0.05
	done
}
release() { kill "$holder"; wait "$holder" 2> /dev/null || :; holder=; }

$cc $flags tests/graph/test_a.c tests/graph/config_cache.c liblockdep.c -o "$out/test_a"
$cc -O2 -g -pthread tests/graph/test_a.c tests/graph/config_cache.c -o "$out/plain_a"
make -s check-graph preload > /dev/null 2>&1	# built now, not under the limit

for flavour in drop-in preload; do
	prog=$out/test_a
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain_a"
	# An empty file: the graph starts in it, silently.
	empty=$(mktemp "$out/empty.XXXXXX")
	run "$empty" $prog
	[ $status -eq 0 ] && [ ! -s "$out/err" ] || fail "$flavour: an empty graph file (exit $status):" "$out/err"
	[ "$(sed -n 1p "$empty")" = "liblockdep-graph 2" ] && grep -q '	config_lock	' "$empty" ||
		fail "$flavour: no graph written into an empty file" "$empty"
	ls "$out" | grep -q corrupt && fail "$flavour: an empty file was set aside"
	# A FIFO: refused, not waited on, left as it is.
	mkfifo "$out/fifo"
	run "$out/fifo" $prog
	[ $status -eq 0 ] || fail "$flavour: LIBLOCKDEP_GRAPH naming a FIFO: exit $status (124: it hung)" "$out/err"
	[ "$(cat "$out/err")" = "liblockdep: LIBLOCKDEP_GRAPH=$out/fifo: not a regular file; running without a graph" ] ||
		fail "$flavour: the FIFO's line:" "$out/err"
	[ -p "$out/fifo" ] || fail "$flavour: the FIFO was replaced"
	rm -f "$out/fifo" "$out/fifo.lock" "$empty" "$empty.lock"
done

# lockdep --check-graph: an empty file is an empty graph, a FIFO is not a file.
./lockdep --check-graph "$(mktemp "$out/empty.XXXXXX")" > "$out/err" 2>&1 ||
	fail "--check-graph of an empty file failed" "$out/err"
[ ! -s "$out/err" ] || fail "--check-graph of an empty file is not silent" "$out/err"
mkfifo "$out/fifo"
status=0
timeout 20 ./lockdep --check-graph "$out/fifo" 2> "$out/err" || status=$?
[ $status -eq 125 ] && [ "$(cat "$out/err")" = "lockdep: --check-graph $out/fifo: not a regular file" ] ||
	fail "--check-graph of a FIFO exited $status (124: it hung):" "$out/err"

# The .lock file held by a process of ours: 5 seconds, then without the graph.
held=$out/held.graph
run "$held" "$out/test_a"
[ $status -eq 0 ] && [ -f "$held.lock" ] || fail "no lock file" "$out/err"
cp "$held" "$out/held.before"
hold "$held.lock"
start=$(date +%s)
run "$held" "$out/test_a"
took=$(($(date +%s) - start))
release
[ $status -eq 0 ] || fail "a graph lock held by another process: exit $status (124: it hung)" "$out/err"
[ "$(cat "$out/err")" = "liblockdep: LIBLOCKDEP_GRAPH=$held: $held.lock: another process holds it, for 5 seconds now; running without a graph" ] ||
	fail "the held lock's line:" "$out/err"
[ $took -ge 4 ] && [ $took -le 12 ] || fail "waited ${took}s for a held lock, not 5"
cmp -s "$held" "$out/held.before" || fail "the graph was written without its lock"
# One that others may open (and hold): refused at once.
chmod 644 "$held.lock"
run "$held" "$out/test_a"
[ "$(cat "$out/err")" = "liblockdep: LIBLOCKDEP_GRAPH=$held: $held.lock: others may open it, and hold it; running without a graph" ] ||
	fail "the open lock file's line (exit $status):" "$out/err"

# Another user's .lock file in a directory anyone can write to, held: not ours.
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv > /dev/null; then
	echo "SKIP another user's lock file: needs root and setpriv"
	exit 0
fi
shared=$out/shared
mkdir -m 1777 "$shared"
chmod 755 "$out"
hold "$shared/suite.graph.lock" setpriv --reuid=nobody --regid=65534 --clear-groups
[ "$(stat -c %U "$shared/suite.graph.lock")" = nobody ] || fail "not a test: the lock file is not nobody's"
for flavour in drop-in preload; do
	prog=$out/test_a
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain_a"
	start=$(date +%s)
	run "$shared/suite.graph" $prog
	took=$(($(date +%s) - start))
	[ $status -eq 0 ] || fail "$flavour: another user's held lock file: exit $status (124: it hung)" "$out/err"
	[ "$(cat "$out/err")" = "liblockdep: LIBLOCKDEP_GRAPH=$shared/suite.graph: $shared/suite.graph.lock: it is owned by another user; running without a graph" ] ||
		fail "$flavour: another user's lock file's line:" "$out/err"
	[ $took -le 2 ] || fail "$flavour: waited ${took}s on another user's lock file"
	[ ! -e "$shared/suite.graph" ] || fail "$flavour: the graph was written without its lock"
done
release
exit 0
