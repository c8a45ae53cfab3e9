#!/bin/sh
# The benchmark: builds tests/bench/workloads.c plain, with liblockdep (liblockdep.c
# at -O2, and at -O0 as in a debug build) and with TSan; runs each workload in each
# flavour, plus the checked binary with LIBLOCKDEP=0 and with LIBLOCKDEP_STAT=1 (lock
# statistics) and the plain one under Helgrind and under liblockdep's preload flavour;
# prints ns per operation (the median of $REPS runs, the best beside it), ratios, peak
# memory, the instructions of issues 31's walks and the targets of issues 6, 18 and 31,
# and saves the tables as tests/bench/RESULTS.md with the time the benchmark took. It
# reports figures, it never fails on one. The instruction counts at a real program's
# size and issue 33's goals come from tests/bench/callgrind_rows.sh (ROWS_RUNS runs
# each, default 3).
#
# usage: sh tests/bench/bench.sh      (or: make bench; quick: REPS=1 ROWS_RUNS=1)
# Environment: CC (default cc), CLANG (default clang), REPS (default 5), ROWS_RUNS,
# NOTE (a line for the results' preamble: what else ran on the host, say).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/build/bench
results=$top/tests/bench/RESULTS.md
cc=${CC:-cc}
clang=${CLANG:-clang}
reps=${REPS:-5}
rows_runs=${ROWS_RUNS:-3}
started=$(date +%s)

# The time since the start, "m min s s".
elapsed() {
	secs=$(($(date +%s) - started))
	echo "$((secs / 60)) min $((secs % 60)) s"
}

# A line of progress on stderr, with the time so far.
progress() {
	echo "$* ($(elapsed) so far)" >&2
}
workloads="mutex nested3 rwlock own2 own4 pool4 classes condvar free0 free1"
flavours="plain liblockdep lib-O0 disabled stat tsan helgrind preload"


# Helgrind costs microseconds per lock: it runs 1/200 of the iterations. Its cost
# per new chain grows with the lock graph, and at full size "classes" takes it six
# minutes, so there it runs at 1/10 size (500 classes, 5,000 chains).
helgrind_divisor() {
	if [ "$1" = classes ]; then echo 10; else echo 200; fi
}

# Whether flavour $1 skips workload $2: the cold path of "classes" with liblockdep.c
# at -O0 would take half the benchmark's time (15-30 s a run).
skipped() {
	[ "$1" = lib-O0 ] && [ "$2" = classes ]
}

# Runs workload $2 once in flavour $1; prints "ns_per_op peak_rss_kib".
run_once() {
	case $1 in
	plain)		"$build/plain" "$2" ;;
	liblockdep)	"$build/checked" "$2" ;;
	lib-O0)		"$build/checked-O0" "$2" ;;
	disabled)	LIBLOCKDEP=0 "$build/checked" "$2" ;;
	stat)		LIBLOCKDEP_STAT=1 "$build/checked" "$2" ;;
	tsan)		"$build/tsan" "$2" ;;
	helgrind)	valgrind --tool=helgrind -q "$build/plain" "$2" "$(helgrind_divisor "$2")" ;;
	preload)	LD_PRELOAD=$build/liblockdep.so "$build/plain" "$2" ;;
	esac
}

flavour_title() {
	case $1 in
	plain)		echo "plain" ;;
	liblockdep)	echo "liblockdep" ;;
	lib-O0)		echo "liblockdep, its .c at -O0" ;;
	disabled)	echo "liblockdep, LIBLOCKDEP=0" ;;
	stat)		echo "liblockdep, LIBLOCKDEP_STAT=1" ;;
	tsan)		echo "TSan" ;;
	helgrind)	echo "Helgrind" ;;
	preload)	echo "liblockdep preload" ;;
	esac
}

workload_title() {
	case $1 in
	mutex)		echo "1. one mutex, uncontended | lock+unlock" ;;
	nested3)	echo "2. 3 nested locks, fixed order | lock+unlock" ;;
	rwlock)		echo "3. rwlock, 1 write in 16 | lock+unlock" ;;
	own2)		echo "4. 2 threads, own locks | lock+unlock" ;;
	own4)		echo "4. 4 threads, own locks | lock+unlock" ;;
	pool4)		echo "5. 4 threads, pool of 4 locks | lock+unlock" ;;
	classes)	echo "6. 5,000 classes, 50,000 chains | new chain" ;;
	condvar)	echo "7. condvar producer/consumer | item" ;;
	free0)		echo "8. free() of a block holding no lock | free" ;;
	free1)		echo "8. free() of a block holding a used mutex | free" ;;
	esac
}

# The median of field $3 (1: ns per op, 2: peak RSS in KiB) over the runs of flavour
# $1 on workload $2; nothing if every run failed.
get() {
	runs=$build/runs/$1.$2
	if [ -s "$runs" ]; then
		cut -d' ' -f"$3" "$runs" | sort -n | sed -n "$((($(wc -l <"$runs") + 1) / 2))p"
	fi
}

# The fastest run of flavour $1 on workload $2: on a shared host, what a moment without
# neighbours gives.
best() {
	if [ -s "$build/runs/$1.$2" ]; then
		cut -d' ' -f1 "$build/runs/$1.$2" | sort -n | head -n 1
	fi
}

# Whether all arguments are numbers (a failed run leaves a value empty, a ratio "-").
numbers() {
	for v; do
		case $v in "" | *[!0-9.-]* | *[!0-9]) return 1 ;; esac
	done
}

# Prints the awk expression $2 of a, b, c (the arguments after it) in the printf
# format $1, or with format "x" as a ratio to three figures; "-" if a value is
# missing or the expression divides by zero.
calc() {
	fmt=$1 expr=$2
	shift 2
	if ! numbers "$@"; then
		echo -
		return
	fi
	awk -v fmt="$fmt" -v a="${1-}" -v b="${2-}" -v c="${3-}" "BEGIN {
		r = $expr
		if (fmt == \"x\")
			fmt = r >= 100 ? \"%.0fx\" : r >= 10 ? \"%.1fx\" : r >= 1 ? \"%.2fx\" : \"%.2gx\"
		if (r \"\" ~ /inf|nan/) print \"-\"; else printf fmt \"\\n\", r
	}" 2>/dev/null || echo -
}

# Whether the awk condition $1 holds of a, b, c (the arguments after it).
holds() {
	cond=$1
	shift
	numbers "$@" && awk -v a="$1" -v b="${2-}" -v c="${3-}" "BEGIN { exit !($cond) }"
}

# How many times our overhead (ns per op $2 minus plain's $3) fits into a checker's
# ($1 minus $3); "-" unless both overheads are positive.
overhead_ratio() {
	if holds "a > c && b > c" "$@"; then
		calc x "(a - c) / (b - c)" "$@"
	else
		echo -
	fi
}

# --- Build ---------------------------------------------------------------------
# A snapshot of the pair, so that every flavour checks the same code even if the
# pair is regenerated during the run.
mkdir -p "$build"
rm -rf "$build/runs"
mkdir "$build/runs"
cp "$top/liblockdep.c" "$top/liblockdep.h" "$build/"
version=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo "?")
if ! git -C "$top" diff --quiet HEAD -- liblockdep.c liblockdep.h 2>/dev/null; then
	version="$version + uncommitted changes"
fi
version="$version (liblockdep.c sha256 $(sha256sum "$build/liblockdep.c" | cut -c1-12))"
src=$top/tests/bench/workloads.c
load=$(cut -d' ' -f1-3 /proc/loadavg)
progress "building in $build"
$cc -O2 -pthread "$src" -o "$build/plain"
$cc -O2 -DLIBLOCKDEP -c "$build/liblockdep.c" -o "$build/liblockdep.o"
$cc -O0 -DLIBLOCKDEP -c "$build/liblockdep.c" -o "$build/liblockdep-O0.o"
for lib in liblockdep liblockdep-O0; do
	$cc -O2 -pthread -DLIBLOCKDEP -include "$build/liblockdep.h" "$src" \
		"$build/$lib.o" -o "$build/checked${lib#liblockdep}"
done
# The preload flavour (./lockdep): the same liblockdep.c, as `make preload` builds it.
$cc -O2 -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread "$build/liblockdep.c" \
	-o "$build/liblockdep.so" -ldl
$clang -O2 -pthread -fsanitize=thread "$src" -o "$build/tsan"
# Per-thread memory is liblockdep's thread-local storage, of which the held-lock stack
# (MAX_LOCK_DEPTH entries) is one part.
printf '#include "liblockdep.c"\nint main(void) { printf("%%zu\\n", sizeof(current->held_locks)); }\n' \
	>"$build/held_locks.c"
$cc -DLIBLOCKDEP -I"$build" -pthread "$build/held_locks.c" -o "$build/held_locks"

# --- Run -----------------------------------------------------------------------
# Repetitions on the outside, so a noisy moment of the machine hits every flavour.
rep=1
while [ "$rep" -le "$reps" ]; do
	progress "run $rep of $reps"
	for w in $workloads; do
		for f in $flavours; do
			if skipped "$f" "$w"; then
				continue
			fi
			if ! run_once "$f" "$w" >>"$build/runs/$f.$w" \
					2>>"$build/runs/$f.$w.stderr"; then
				echo "$f $w: run failed" | tee -a "$build/runs/$f.$w.stderr" >&2
			fi
		done
	done
	# The machine's own ceiling for workload 4: two single-threaded processes side by
	# side share nothing of ours, yet slow each other down through the hardware.
	"$build/checked" mutex >"$build/runs/other_side" &
	"$build/checked" mutex >>"$build/runs/side_by_side.mutex" || true
	wait
	cat "$build/runs/other_side" >>"$build/runs/side_by_side.mutex"
	rep=$((rep + 1))
done

# --- Instructions ----------------------------------------------------------------
# Callgrind counts instructions, which a busy neighbour on the host cannot change:
# workload 1 at 1/10 and 1/20 of its iterations (each with its warm-up of a tenth),
# so that start-up costs cancel in the difference of 110,000 lock+unlock pairs.
callgrind="valgrind --tool=callgrind --callgrind-out-file=/dev/null"

# Instructions of flavour $1 running workload 1 at 1/$2 of its iterations.
instructions() {
	case $1 in
	plain)		$callgrind "$build/plain" mutex "$2" ;;
	liblockdep)	$callgrind "$build/checked" mutex "$2" ;;
	lib-O0)		$callgrind "$build/checked-O0" mutex "$2" ;;
	disabled)	env LIBLOCKDEP=0 $callgrind "$build/checked" mutex "$2" ;;
	stat)		env LIBLOCKDEP_STAT=1 $callgrind "$build/checked" mutex "$2" ;;
	preload)	env LD_PRELOAD="$build/liblockdep.so" $callgrind "$build/plain" mutex "$2" ;;
	esac 2>&1 | sed -n 's/.*Collected : //p'
}

# The flavours callgrind can run (TSan's runtime cannot run under valgrind).
counted_flavours="plain liblockdep lib-O0 disabled stat preload"
progress "counting instructions"
for f in $counted_flavours; do
	echo $((($(instructions "$f" 10) - $(instructions "$f" 20)) / 110000)) \
		>"$build/runs/instructions.$f"
done

# Workload 9, a walk by lock coupling (workloads.c's walk_list()): instructions per
# step that nests a pair new to the instance graph (the first walk) and per step
# over a known pair (a later one), on lists of 1,000 and 100,000 nodes; issue 31
# wants each within 1.5x across the two sizes.
walk_instructions() {
	$callgrind "$build/checked" walk "$1" "$2" 2>&1 | sed -n 's/.*Collected : //p'
}

progress "counting instructions of the walks"
for nodes in 1000 100000; do
	none=$(walk_instructions $nodes 0)
	one=$(walk_instructions $nodes 1)
	two=$(walk_instructions $nodes 2)
	echo $(((one - none) / nodes)) >"$build/runs/walk_new.$nodes"
	echo $(((two - one) / nodes)) >"$build/runs/walk_known.$nodes"
done

# The fast path at a real program's size (issue 33), by callgrind too: each figure the
# median of $ROWS_RUNS runs (default 3) with the address space randomised, the least
# and most beside it.
progress "counting instructions at a real program's size"
RUNS=$rows_runs sh "$top/tests/bench/callgrind_rows.sh" >"$build/runs/rows"

# --- Report --------------------------------------------------------------------
took=$(elapsed)

# The median, the best run beside it. Helgrind's workload 6 is smaller (see
# helgrind_divisor): marked with a *.
cell() {
	value="$(get "$1" "$2" 1) ($(best "$1" "$2"))"
	if skipped "$1" "$2"; then value="not run"; fi
	if [ "$1" = helgrind ] && [ "$2" = classes ]; then value="$value*"; fi
	echo "$value"
}

header_row() {
	printf "| workload |%s" "$1"
	for f in $flavours; do printf " %s |" "$(flavour_title "$f")"; done
	printf "\n|---|%s" "$2"
	for f in $flavours; do printf '%s' '--:|'; done
	echo
}

preamble() {
	echo "# Benchmark results (latest run)"
	echo
	echo "Produced by \`make bench\` (\`sh tests/bench/bench.sh\`, REPS=$reps ROWS_RUNS=$rows_runs) on $(date -u '+%Y-%m-%d %H:%M UTC'),"
	echo "liblockdep at $version, in $took."
	echo
	if [ -n "${NOTE:-}" ]; then
		echo "$NOTE"
		echo
	fi
	echo "- machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1),"
	echo "  Linux $(uname -r), $(ldd --version | head -n 1); load average at the start: $load, at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "- compilers: $($cc --version | head -n 1) (plain, liblockdep);"
	echo "  $($clang --version | head -n 1) (TSan, its deadlock detector on by default); $(valgrind --version)"
	echo "- each time is the median of $reps runs, the best run in brackets, each a fresh process,"
	echo "  timed with clock_gettime after an untimed warm-up (none in workload 6, whose cost is"
	echo "  the cold path); threaded workloads give the wall time per operation of all threads"
	echo "  together. The other tables are medians too (ratios: of the medians)"
	echo "- the workload is built at -O2 in every flavour; \"its .c at -O0\" compiles only"
	echo "  liblockdep.c at -O0, as in a user's debug build (not run on workload 6: 15-30 s a run)"
	echo "- Helgrind runs 1/200 of the iterations; * its workload 6 runs at 1/10 size (500 classes,"
	echo "  5,000 chains), as its cost per new chain grows with the graph: that figure flatters it"
	echo "- workload 7's time is mostly thread wake-ups, which a slower or faster lock path can"
	echo "  make more or fewer of: its ratios are not lock overheads"
}

times_table() {
	echo "## ns per operation"
	echo
	header_row " op |" "---|"
	for w in $workloads; do
		printf "| %s |" "$(workload_title "$w")"
		for f in $flavours; do printf " %s |" "$(cell "$f" "$w")"; done
		echo
	done
}

instructions_table() {
	echo "## Instructions per lock+unlock, workload 1 (callgrind: unaffected by the host)"
	echo
	printf "|"
	for f in $counted_flavours; do printf " %s |" "$(flavour_title "$f")"; done
	printf "\n|"
	for f in $counted_flavours; do printf '%s' '--:|'; done
	printf "\n|"
	for f in $counted_flavours; do
		printf " %s |" "$(cat "$build/runs/instructions.$f")"
	done
	echo
}

walk_table() {
	echo "## Instructions per step of a walk by lock coupling, liblockdep (callgrind)"
	echo
	echo "Workload 9: a list whose nodes' mutexes are one class, pushed at its front (walked"
	echo "against the order its locks were made in); each step locks the next node, then"
	echo "unlocks the one before."
	echo
	echo "| step | 1,000 nodes | 100,000 nodes | 100,000 ÷ 1,000 |"
	echo "|---|--:|--:|--:|"
	for kind in new known; do
		small=$(cat "$build/runs/walk_$kind.1000")
		large=$(cat "$build/runs/walk_$kind.100000")
		if [ $kind = new ]; then what="a pair new to the instance graph (first walk)"
		else what="a known pair (second walk)"; fi
		echo "| $what | $small | $large | $(calc x "a / b" "$large" "$small") |"
	done
}

ratios_table() {
	echo "## Ratios"
	echo
	echo "Overhead is ns per op over plain. \"TSan overhead ÷ ours\" is how many times"
	echo "liblockdep's overhead fits into TSan's (targets, workloads 1-5: >= 10 for TSan, >= 500"
	echo "for Helgrind); \"-\" where an overhead is not positive."
	echo
	echo "| workload | liblockdep ÷ plain | our overhead, ns | its .c at -O0 ÷ -O2 | TSan ÷ liblockdep | Helgrind ÷ liblockdep | TSan overhead ÷ ours | Helgrind overhead ÷ ours |"
	echo "|---|--:|--:|--:|--:|--:|--:|--:|"
	for w in $workloads; do
		plain=$(get plain "$w" 1)
		ours=$(get liblockdep "$w" 1)
		tsan=$(get tsan "$w" 1)
		hg=$(get helgrind "$w" 1)
		mark=
		if [ "$w" = classes ]; then mark="*"; fi
		printf "| %s| %s | %s | %s | %s | %s%s | %s | %s%s |\n" \
			"$(workload_title "$w" | cut -d'|' -f1)" \
			"$(calc x "a / b" "$ours" "$plain")" \
			"$(calc %.1f "a - b" "$ours" "$plain")" \
			"$(calc x "a / b" "$(get lib-O0 "$w" 1)" "$ours")" \
			"$(calc x "a / b" "$tsan" "$ours")" \
			"$(calc x "a / b" "$hg" "$ours")" "$mark" \
			"$(overhead_ratio "$tsan" "$ours" "$plain")" \
			"$(overhead_ratio "$hg" "$ours" "$plain")" "$mark"
	done
}

rows_table() {
	echo "## Instructions per lock+unlock at a real program's size (callgrind, issue 33)"
	echo
	echo "tests/bench/callgrind_rows.sh, RUNS=$rows_runs: medians, the least and most of the"
	echo "runs beside them; a goal is judged on the most. ThreadSanitizer does not run under"
	echo "valgrind: beside the counts, wall times over plain's, liblockdep's and TSan's, (t(2N) -"
	echo "t(N)) at a larger N, medians too (a guide only on a shared host)."
	echo
	cat "$build/runs/rows"
}

memory_table() {
	echo "## Peak RSS, MiB (VmHWM, read by the workload at its end)"
	echo
	header_row "" ""
	for w in $workloads; do
		printf "| %s|" "$(workload_title "$w" | cut -d'|' -f1)"
		for f in $flavours; do
			printf " %s |" "$(calc %.1f "a / 1024" "$(get "$f" "$w" 2)")"
		done
		echo
	done
}

# One row: what, wanted, measured, then the awk condition on a, b... that meets it
# and the values.
target() {
	what=$1 wanted=$2 measured=$3
	shift 3
	if holds "$@"; then verdict=met; else verdict=MISSED; fi
	echo "| $what | $wanted | $measured | $verdict |"
}

# The worst overhead ratio of checker $1 over workloads 1-5, as "ratio workload".
worst_overhead_ratio() {
	worst=- worst_w=-
	for w in mutex nested3 rwlock own2 own4 pool4; do
		r=$(overhead_ratio "$(get "$1" "$w" 1)" "$(get liblockdep "$w" 1)" "$(get plain "$w" 1)")
		r=${r%x}
		if [ "$worst" = - ] || holds "a < b" "$r" "$worst"; then
			worst=$r worst_w=$w
		fi
	done
	echo "$worst $worst_w"
}

# The size in bytes of the thread-local storage of executable $1.
tls_size() {
	printf '%d\n' "$(readelf -lW "$1" | awk '$1 == "TLS" { print $6; found = 1 } END { if (!found) print 0 }')"
}

targets_table() {
	plain=$(get plain mutex 1)
	overhead=$(calc %.1f "a - b" "$(get liblockdep mutex 1)" "$plain")
	best_overhead=$(calc %.1f "a - b" "$(best liblockdep mutex)" "$(best plain mutex)")
	disabled=$(calc %.1f "a - b" "$(get disabled mutex 1)" "$plain")
	scaling=$(calc %.2f "a / b" "$(get liblockdep mutex 1)" "$(get liblockdep own2 1)")
	plain_scaling=$(calc %.2f "a / b" "$plain" "$(get plain own2 1)")
	side_by_side=$(calc %.2f "2 * a / b" "$(get liblockdep mutex 1)" "$(get side_by_side mutex 1)")
	memory=$(calc %.1f "(a - b) / 1024" "$(get liblockdep mutex 2)" "$(get plain mutex 2)")
	instructions=$(cat "$build/runs/instructions.liblockdep")
	nested=$(calc %.2f "a / b" "$(get liblockdep nested3 1)" "$(get plain nested3 1)")
	held_locks=$("$build/held_locks")
	per_thread=$(($(tls_size "$build/checked") - $(tls_size "$build/plain") - held_locks))
	set -- $(worst_overhead_ratio tsan)
	tsan=$1 tsan_w=$2
	set -- $(worst_overhead_ratio helgrind)
	hg=$1 hg_w=$2
	# Issue 18's targets are issue 6's, tightened, and two more: instructions, and
	# workload 2 against plain.
	echo "## Targets (issues 6, 18 and 31)"
	echo
	echo "| target | wanted | measured | |"
	echo "|---|---|---|---|"
	target "checked overhead, workload 1 (liblockdep.c at -O2)" \
		"<= 16 ns per lock+unlock (issue 6: 45)" \
		"$overhead ns (best runs: $best_overhead ns)" "a <= 16" "$overhead"
	target "instructions per lock+unlock, workload 1 (callgrind)" "<= 200" \
		"$instructions (plain: $(cat "$build/runs/instructions.plain"))" "a <= 200" "$instructions"
	target "workload 2: 3 nested locks, liblockdep ÷ plain" "<= 3x" "${nested}x" "a <= 3" "$nested"
	target "runtime-disabled overhead, workload 1 (LIBLOCKDEP=0)" \
		"<= 3 ns over plain" "$disabled ns" "a <= 3" "$disabled"
	target "overhead vs TSan, workloads 1-5" ">= 10x less (issue 6: 5x)" \
		"${tsan}x less at worst ($tsan_w)" "a >= 10" "$tsan"
	target "overhead vs Helgrind, workloads 1-5" ">= 500x less (issue 6: 100x)" \
		"${hg}x less at worst ($hg_w)" "a >= 500" "$hg"
	# A loaded machine does not scale plain either: compare with plain's scaling, and with
	# two processes side by side (the hardware's own limit).
	target "workload 4: throughput of 2 threads ÷ 1 thread" ">= 1.7x" \
		"${scaling}x (plain: ${plain_scaling}x; two processes of workload 1 side by side: ${side_by_side}x)" \
		"a >= 1.7" "$scaling"
	for kind in new known; do
		walk=$(calc %.2f "a / b" "$(cat "$build/runs/walk_$kind.100000")" \
			"$(cat "$build/runs/walk_$kind.1000")")
		target "workload 9: instructions per step over a $kind pair, 100,000 ÷ 1,000 nodes" \
			"<= 1.5x (issue 31)" "${walk}x" "a <= 1.5" "$walk"
	done
	target "memory: fixed cost (peak RSS over plain, workload 1)" "<= 12 MiB" \
		"$memory MiB" "a <= 12" "$memory"
	target "memory per thread: thread-local storage besides the held-lock stack" \
		"<= 4 KiB" "$per_thread bytes (held-lock stack: $held_locks)" "a <= 4096" "$per_thread"
}

stderr_notes() {
	echo "## Anything on stderr"
	echo
	quiet=1
	for w in $workloads; do
		for f in $flavours; do
			out=$build/runs/$f.$w.stderr
			if [ -s "$out" ]; then
				quiet=0
				echo "- $(flavour_title "$f"), workload $(workload_title "$w" | cut -d'|' -f1): $(grep -c . "$out") lines, the first: \`$(grep -m 1 . "$out")\`"
			fi
		done
	done
	if [ "$quiet" = 1 ]; then
		echo "Nothing: no run of any flavour printed a report (lockdep, TSan or Helgrind)."
	fi
	echo
	if [ -s "$build/runs/liblockdep.classes.stderr" ]; then
		echo "Workload 6 with liblockdep: something on stderr (above)."
	else
		echo "Workload 6 with liblockdep: stderr empty, no lockdep report."
	fi
}

{
	preamble
	for part in times_table instructions_table walk_table rows_table ratios_table memory_table targets_table stderr_notes; do
		echo
		$part
	done
} >"$results"
cat "$results"
echo "make bench took $took" >&2
