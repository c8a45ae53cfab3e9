# LIBLOCKDEP_GRAPH: one lock graph across the processes of a suite (src/graph_*.c).
# An AB-BA inversion split across two programs is reported in the second, with the
# first's recorded stack (with -g, each frame's file:line, recorded in the graph
# file too): programs that share a library (preload flavour), and
# programs linked differently from one object file (drop-in). 16 processes exiting
# at once lose no dependency; a class made in main() is not carried over, nor two
# programs' own statics of one name taken for one; a corrupt or truncated file is
# set aside in one line; a symbolic link is never written through; lockdep
# --check-graph merges shard files and reports the cycle across them, exit 66; a
# consistent order stays silent.
set -eu
# The thread classes' cases below validate joins (src/thread_join.c).
export LIBLOCKDEP_JOINS=1
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags="-O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread"
fail() { echo "$1"; [ -n "${2-}" ] && head -c 1500 "$2"; exit 1; }
headline='^WARNING: possible circular locking dependency detected$'

# Drop-in: config_cache.o linked into two programs in different orders.
for f in config_cache test_a test_b lock_pairs; do
	$cc $flags -c tests/graph/$f.c -o "$out/$f.o"
done
$cc $flags -c liblockdep.c -o "$out/liblockdep.o"
$cc -pthread "$out/test_a.o" "$out/config_cache.o" "$out/liblockdep.o" -o "$out/test_a"
$cc -pthread "$out/liblockdep.o" "$out/test_b.o" "$out/config_cache.o" -o "$out/test_b"
$cc -pthread "$out/lock_pairs.o" "$out/liblockdep.o" -o "$out/lock_pairs"
[ "$(nm "$out/test_a" | grep ' flush_cache$' | cut -d' ' -f1)" != \
  "$(nm "$out/test_b" | grep ' flush_cache$' | cut -d' ' -f1)" ] ||
	fail "the two programs put the shared code at the same address: not a test"

graph=$out/suite.graph
LIBLOCKDEP_GRAPH=$graph "$out/test_a" 2> "$out/a.err" || fail "test_a failed" "$out/a.err"
[ ! -s "$out/a.err" ] || fail "test_a alone is correct, yet:" "$out/a.err"
[ "$(sed -n 1p "$graph")" = "liblockdep-graph 2" ] || fail "no graph header" "$graph"
status=0
LIBLOCKDEP_GRAPH=$graph "$out/test_b" 2> "$out/b.err" || status=$?
[ "$status" -eq 66 ] || fail "test_b after test_a exited $status, expected 66" "$out/b.err"
grep -q "$headline" "$out/b.err" || fail "no inversion reported" "$out/b.err"
[ "$(grep -c "$headline" "$out/b.err")" -eq 1 ] || fail "more than one report" "$out/b.err"
# Both sides: the recorded one (test_a's, marked) and test_b's own.
grep -q '^       recorded by test_a, pid [0-9]*, at 20[0-9-]* [0-9:]* UTC:$' "$out/b.err" ||
	fail "the remembered side is not marked" "$out/b.err"
# The second lock each function takes: the line of each side's dependency.
shared=$(pwd)/tests/graph/config_cache.c
reload_line=$(grep -n 'pthread_mutex_lock(&cache_lock);' "$shared" | head -n 1 | cut -d: -f1)
flush_line=$(grep -n 'pthread_mutex_lock(&config_lock);' "$shared" | tail -n 1 | cut -d: -f1)
grep -q "^       reload_config+0x[0-9a-f]* (test_a, $shared:$reload_line)\$" "$out/b.err" ||
	fail "test_a's stack is missing" "$out/b.err"
grep -q "^       flush_cache+0x[0-9a-f]* ($shared:$flush_line)\$" "$out/b.err" ||
	fail "test_b's stack is missing" "$out/b.err"
grep -q '(config_lock)' "$out/b.err" && grep -q '(cache_lock)' "$out/b.err" ||
	fail "the classes are not named" "$out/b.err"

# A consistent order, run again and again: silence, and nothing added.
before=$(wc -l < "$graph")
cp "$graph" "$out/consistent.graph"
for i in 1 2 3; do
	LIBLOCKDEP_GRAPH=$out/consistent.graph "$out/test_a" 2> "$out/c.err" ||
		fail "a consistent order failed" "$out/c.err"
	[ ! -s "$out/c.err" ] || fail "a consistent order is not silent:" "$out/c.err"
done
[ "$(wc -l < "$out/consistent.graph")" -eq "$before" ] || fail "a known order was added again"

# 16 processes exiting at once: 16 dependencies, no file left behind.
pairs=$out/pairs.graph
i=0
while [ $i -lt 16 ]; do
	LIBLOCKDEP_GRAPH=$pairs "$out/lock_pairs" $i &
	i=$((i + 1))
done
wait
[ "$(grep -c '	locks' "$pairs")" -eq 16 ] || fail "$(($(wc -l < "$pairs") - 1)) of 16 dependencies kept" "$pairs"
[ "$(cut -f2,6 "$pairs" | sort -u | wc -l)" -eq 17 ] || fail "a dependency written twice" "$pairs"
ls "$out" | grep -q '\.tmp$' && fail "a temporary file was left: $(ls "$out")"

# A thread created in main() is a class of that program alone: one main() in two
# programs, one whose thread takes shared_lock, one that joins it with shared_lock
# held, stay silent.
$cc $flags -c tests/graph/thread_in_main.c -o "$out/thread_in_main.o"
$cc $flags tests/graph/thread_parts.c "$out/thread_in_main.o" "$out/liblockdep.o" -o "$out/thread_takes"
$cc $flags -DHOLDS_WHILE_JOINING tests/graph/thread_parts.c "$out/thread_in_main.o" \
	"$out/liblockdep.o" -o "$out/thread_joined"
for p in thread_takes thread_joined; do
	mkdir "$out/$p.dump"
	LIBLOCKDEP_GRAPH=$out/main.graph LIBLOCKDEP_DUMP=$out/$p.dump "$out/$p" 2> "$out/$p.err" ||
		fail "$p: a correct program failed" "$out/$p.err"
	[ ! -s "$out/$p.err" ] || fail "$p: a thread made in main() was carried over:" "$out/$p.err"
	grep -o 'thread@worker<main\(~[0-9]*\)\{0,1\}' "$out/$p.dump/lockdep" | sort -u > "$out/$p.class"
	[ -s "$out/$p.class" ] ||
		fail "$p: no thread class" "$out/$p.dump/lockdep"
done
cmp -s "$out/thread_takes.class" "$out/thread_joined.class" ||
	fail "the two programs name their thread's class differently: not a test" "$out/thread_joined.class"

# Each program's own statics of one name (tests/graph/own_locks.h), taken in opposite
# orders by two programs, are two classes: a static lock, an init site in a static
# function, a site named after a static variable, a static thread start routine.
# Silent, yet carried over (a program reversing its own order after itself reports).
# The static ones of one object linked into both (shared_parts.o), of these names
# too (tests/graph/lock_makers.h), are one class.
$cc $flags -c tests/graph/shared_parts.c -o "$out/shared_parts.o"
for p in own_locks_a own_locks_b; do
	$cc $flags -c tests/graph/$p.c -o "$out/$p.o"
	$cc -pthread "$out/$p.o" "$out/shared_parts.o" "$out/liblockdep.o" -o "$out/$p"
done
for case in static site variable thread; do
	g=$out/own-$case.graph
	LIBLOCKDEP_GRAPH=$g "$out/own_locks_a" $case 2> "$out/own.err" || fail "own_locks_a $case failed" "$out/own.err"
	LIBLOCKDEP_GRAPH=$out/own-a.graph "$out/own_locks_a" $case
	LIBLOCKDEP_GRAPH=$out/own-b.graph "$out/own_locks_b" $case
	status=0
	LIBLOCKDEP_GRAPH=$g "$out/own_locks_b" $case 2> "$out/own.err" || status=$?
	[ "$status" -eq 0 ] && [ ! -s "$out/own.err" ] ||
		fail "$case: two programs' own statics of one name taken for one class (exit $status):" "$out/own.err"
	cp "$g" "$out/own-again.graph"
	status=0
	LIBLOCKDEP_GRAPH=$out/own-again.graph "$out/own_locks_a" $case reversed 2> "$out/own.err" || status=$?
	[ "$status" -eq 66 ] && grep -q "$headline" "$out/own.err" ||
		fail "$case: own_locks_a's classes were not carried over to itself (exit $status)" "$out/own.err"
done
grep -q '^8	lock	0		own_locks_a\.c	mutex	0		own_locks_a\.c	own_locks_a	' "$out/own-static.graph" &&
grep -q '^8	mutex@new_second	0		own_locks_b\.c+0x[0-9a-f]*	mutex@new_first	0		own_locks_b\.c+0x[0-9a-f]*	own_locks_b	' "$out/own-site.graph" &&
grep -q '^8	table_lock	0		own_locks_a\.c	index_lock	0		own_locks_a\.c	own_locks_a	' "$out/own-variable.graph" &&
grep -q '^8	thread@worker<start_worker	0		own_locks_a\.c+0x0<own_locks_a\.c+0x[0-9a-f]*	shared_lock	0		shared_parts\.c	own_locks_a	' "$out/own-thread.graph" ||
	fail "the classes are not known with their source files:" "$out/own-thread.graph"
for case in shared-site shared-thread; do
	g=$out/own-$case.graph
	LIBLOCKDEP_GRAPH=$g "$out/own_locks_a" $case
	status=0
	LIBLOCKDEP_GRAPH=$g "$out/own_locks_b" $case 2> "$out/own.err" || status=$?
	[ "$status" -eq 66 ] && [ "$(grep -c "$headline" "$out/own.err")" -eq 1 ] ||
		fail "$case: one object's static classes linked into two programs are not one (exit $status)" "$out/own.err"
done
grep -q 'recorded by own_locks_a, pid' "$out/own.err" && grep -q '(thread@worker<start_worker){' "$out/own.err" ||
	fail "shared-thread: the report's classes or recorded side:" "$out/own.err"
grep -q '	thread@worker<start_worker	0		shared_parts\.c+0x0<shared_parts\.c+0x[0-9a-f]*	shared_lock	0		shared_parts\.c	own_locks_a	' "$out/own-shared-thread.graph" ||
	fail "shared-thread: the class is not known with its source files" "$out/own-shared-thread.graph"
# A static symbol whose source file is not known ("strip -g" drops STT_FILE) is not
# carried over: it could be any program's static of that name.
strip -g "$out/own_locks_a" -o "$out/own_locks_stripped"
LIBLOCKDEP_GRAPH=$out/stripped.graph "$out/own_locks_stripped" static 2> "$out/own.err" ||
	fail "a program stripped of its source files failed" "$out/own.err"
[ ! -e "$out/stripped.graph" ] || fail "a static of no known source file was carried over" "$out/stripped.graph"

# A graph larger than the build's room says so as lockdep does, and runs on.
$cc $flags -DLIBLOCKDEP_MAX_GRAPH_DEPS=4 tests/graph/lock_pairs.c liblockdep.c -o "$out/small_pairs"
cp "$pairs" "$out/small.graph"
LIBLOCKDEP_GRAPH=$out/small.graph "$out/small_pairs" 3 2> "$out/small.err" ||
	fail "a graph over capacity failed the program" "$out/small.err"
grep -q '^BUG: MAX_GRAPH_DEPS too low!$' "$out/small.err" || fail "no capacity message" "$out/small.err"
grep -q '^liblockdep: build with -DLIBLOCKDEP_MAX_GRAPH_DEPS=N to raise it (now 4); the recorded dependencies beyond it are left out$' "$out/small.err" ||
	fail "the capacity message:" "$out/small.err"
[ "$(grep -c '	locks' "$out/small.graph")" -eq 16 ] || fail "dependencies beyond capacity were lost" "$out/small.graph"

# Corrupt and truncated files: one line, kept aside, the run starts empty.
printf 'PK\003\004 not a graph\n' > "$out/bad.graph"
LIBLOCKDEP_GRAPH=$out/bad.graph "$out/test_b" 2> "$out/bad.err" || fail "test_b failed on a corrupt file" "$out/bad.err"
[ "$(wc -l < "$out/bad.err")" -eq 1 ] || fail "not one line for a corrupt file" "$out/bad.err"
grep -q "^liblockdep: LIBLOCKDEP_GRAPH=$out/bad.graph: not a liblockdep graph file (line 1); kept as $out/bad.graph.corrupt.[0-9]*, starting from an empty graph$" "$out/bad.err" ||
	fail "the corrupt file's line:" "$out/bad.err"
grep -q 'PK' "$out"/bad.graph.corrupt.* || fail "the corrupt file was not kept"
grep -q '	cache_lock	0		config_cache.c	config_lock	0		config_cache.c	test_b	' "$out/bad.graph" || fail "no fresh graph after a corrupt one" "$out/bad.graph"
head -c $(($(wc -c < "$graph") - 9)) "$graph" > "$out/cut.graph"
LIBLOCKDEP_GRAPH=$out/cut.graph "$out/test_b" 2> "$out/cut.err" || fail "test_b failed on a truncated file" "$out/cut.err"
grep -q ": truncated (line 2); kept as " "$out/cut.err" || fail "the truncated file's line:" "$out/cut.err"
grep -q "$headline" "$out/cut.err" && fail "a report from a graph that was set aside" "$out/cut.err"

# A symbolic link is neither read nor written through.
echo precious > "$out/target"
ln -s "$out/target" "$out/link.graph"
LIBLOCKDEP_GRAPH=$out/link.graph "$out/test_a" 2> "$out/link.err" || fail "test_a failed on a link" "$out/link.err"
grep -q 'it is a symbolic link, not followed; starting from an empty graph$' "$out/link.err" ||
	fail "the link's line:" "$out/link.err"
[ "$(cat "$out/target")" = precious ] || fail "the link's target was written"

# CI shards: each alone is consistent, merged they hold the cycle.
LIBLOCKDEP_GRAPH=$out/shard1.graph "$out/test_a"
LIBLOCKDEP_GRAPH=$out/shard2.graph "$out/test_b"
make -s check-graph > /dev/null 2>&1	# built now, so that its build says nothing below
./lockdep --check-graph "$out/shard1.graph" > "$out/check1.out" 2>&1 ||
	fail "--check-graph of one consistent shard failed" "$out/check1.out"
[ ! -s "$out/check1.out" ] || fail "a consistent shard is not silent" "$out/check1.out"
status=0
./lockdep --check-graph "$out/shard1.graph" "$out/shard2.graph" 2> "$out/check.err" || status=$?
[ "$status" -eq 66 ] || fail "--check-graph of the two shards exited $status, expected 66" "$out/check.err"
[ "$(grep -c "$headline" "$out/check.err")" -eq 1 ] || fail "--check-graph: not one report" "$out/check.err"
grep -q 'recorded by test_a, pid' "$out/check.err" && grep -q 'recorded by test_b, pid' "$out/check.err" ||
	fail "--check-graph: not both recorded stacks" "$out/check.err"
status=0
./lockdep --check-graph "$out/shard1.graph" "$out"/bad.graph.corrupt.* 2> "$out/check.err" || status=$?
[ "$status" -eq 125 ] || fail "--check-graph of a corrupt file exited $status" "$out/check.err"
grep -q '^lockdep: --check-graph .*: not a liblockdep graph file (line 1)$' "$out/check.err" ||
	fail "--check-graph's line for a corrupt file:" "$out/check.err"
# Shards of two programs with their own statics of one name: no cycle.
./lockdep --check-graph "$out/own-a.graph" "$out/own-b.graph" > "$out/check.out" 2>&1 ||
	fail "--check-graph of two programs' own statics failed" "$out/check.out"
[ ! -s "$out/check.out" ] || fail "--check-graph took two programs' own statics for one class" "$out/check.out"
[ "$(grep -c 'own_locks_a\.c' "$out/own-a.graph")" -eq 4 ] || fail "the shard lacks a case" "$out/own-a.graph"
# A file of an older format: one line, and no check.
printf 'liblockdep-graph 1\n8\tlock\t0\t\tmutex\t0\t\ttest_a\t1\t2026-12-03 14:13:25 UTC\n' > "$out/v1.graph"
status=0
./lockdep --check-graph "$out/v1.graph" 2> "$out/check.err" || status=$?
[ "$status" -eq 125 ] && [ "$(wc -l < "$out/check.err")" -eq 1 ] &&
grep -q "^lockdep: --check-graph .*: another liblockdep version's format, not format 2 (line 1)$" "$out/check.err" ||
	fail "--check-graph of a format 1 file exited $status:" "$out/check.err"

# The preload flavour: two plain programs that share a library.
$cc -O2 -g -fPIC -shared -pthread tests/graph/config_cache.c -o "$out/libconfig.so"
$cc -O2 -g -pthread tests/graph/test_a.c -L"$out" -lconfig -Wl,-rpath,"$out" -o "$out/plain_a"
$cc -O2 -g -pthread tests/graph/test_b.c -L"$out" -lconfig -Wl,-rpath,"$out" -o "$out/plain_b"
LIBLOCKDEP_GRAPH=$out/preload.graph ./lockdep "$out/plain_a" 2> "$out/pa.err"
grep -q '	config_lock	0	libconfig.so	config_cache.c	cache_lock	0	libconfig.so	config_cache.c	plain_a	' "$out/preload.graph" ||
	fail "the library's classes are not named by their object" "$out/preload.graph"
status=0
LIBLOCKDEP_GRAPH=$out/preload.graph ./lockdep "$out/plain_b" 2> "$out/pb.err" || status=$?
[ "$status" -eq 66 ] || fail "plain_b under ./lockdep exited $status, expected 66" "$out/pb.err"
grep -q "$headline" "$out/pb.err" && grep -q 'recorded by plain_a, pid' "$out/pb.err" ||
	fail "preload: no cross-process report" "$out/pb.err"
exit 0
