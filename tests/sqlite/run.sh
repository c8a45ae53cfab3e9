#!/bin/sh
# SQLite's own thread tests, built twice from Debian's sqlite3 source package: plain,
# and with the liblockdep drop-in by the recipe we document for autotools projects:
#
#     ./configure
#     make CC="<configure's CC> -DLIBLOCKDEP -include /abs/liblockdep.h" \
#          LIBS="<configure's LIBS> /abs/liblockdep.o"
#     (liblockdep.o: cc -O2 -g -DLIBLOCKDEP -c liblockdep.c)
#
# CC, not CPPFLAGS: SQLite's hand-written Makefile.in bakes configure's CPPFLAGS into
# its CFLAGS, so a make-time CPPFLAGS never reaches a compile. LIBS: an automake
# Makefile replaces configure's LIBS with a make-time one, so it is repeated.
#
# Each case runs the plain build, then the checked one (time-boxed, up to 5 tries
# each, since threadtest4 fails now and then in any build). A case fails when the
# checked build crashes, hangs or ends differently where the plain one passes; a case
# whose plain build fails every try is skipped, saying why. Lockdep's reports are
# counted by headline and summarised; with the rules file (tests/sqlite/sqlite.rules,
# the default classes but per-instance ones for SQLite's mutex allocator) or with
# LIBLOCKDEP_CLASSES=instance (one class per lock) any report fails its case. Then threadtest4's speed, plain vs drop-in vs
# clang ThreadSanitizer, goes to $SQLITE_BUILD/RESULTS.md.
#
# usage: tests/sqlite/run.sh        (as root on a fresh Debian 12 the first time:
#                                    it adds a deb-src source and installs dpkg-dev,
#                                    tcl and clang if missing)
# Environment: LIBLOCKDEP_CLASSES (passed to the programs; "instance" = no report
# allowed; LIBLOCKDEP_EXITCODE is set to 0), LIBLOCKDEP_RULES (default
# tests/sqlite/sqlite.rules, no report allowed; empty: no rules file), LIBLOCKDEP_DIR (where the liblockdep.c/.h under test are), SQLITE_BUILD
# (work directory, default build/sqlite: downloads and builds are cached there),
# RATE_RUNS (threadtest4 runs per build for the speed table, default 10),
# RESULTS (where to write the table, default $SQLITE_BUILD/RESULTS.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
pair=${LIBLOCKDEP_DIR:-$top}
dir=${SQLITE_BUILD:-$top/build/sqlite}
rate_runs=${RATE_RUNS:-10}
results=${RESULTS:-$dir/RESULTS.md}
classes=${LIBLOCKDEP_CLASSES:-}
rules=${LIBLOCKDEP_RULES-$here/sqlite.rules}
if [ -n "$rules" ]; then
	LIBLOCKDEP_RULES=$rules
	export LIBLOCKDEP_RULES
else
	unset LIBLOCKDEP_RULES
fi
jobs=$(nproc 2>/dev/null || echo 2)
tries=5
# The programs' own exit status is their verdict: lockdep's reports are counted here,
# so a report must not turn into exit status 66.
LIBLOCKDEP_EXITCODE=0
export LIBLOCKDEP_EXITCODE
passed=0
failed=0
skipped=0

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }
skip() { skipped=$((skipped + 1)); echo "SKIP $1: $2"; }
die() { fail "$1" "$2"; finish; }

finish() {
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ]
	exit
}

# Headlines are the kernel's report titles: the line after a row of '=' signs.
headlines() { awk 'prev ~ /^=+$/ { print } { prev = $0 }' "$@"; }

# The reports of a log's last try, as "5 x possible recursive locking detected; 1 x
# ...", or "none".
summarize() {
	awk '/^--- try / { n = 0 } { line[n++] = $0 } END { for (i = 0; i < n; i++) print line[i] }' "$1" |
		headlines | sed 's/^WARNING: //' | sort | uniq -c |
		awk '{ n = $1; $1 = ""; printf "%s%d x%s", sep, n, $0; sep = "; " }
			END { if (!NR) printf "none" }'
}

now_ms() { echo $(($(date +%s%N) / 1000000)); }

# A variable that configure substituted, read from config.status.
configured() { sed -n "s/^S\[\"$1\"\]=\"\(.*\)\"\$/\1/p" "$2/config.status"; }

# --- Fetch and unpack Debian's sqlite3 source, once -------------------------------

apt_install() {
	missing=
	for cmd_pkg in "$@"; do
		command -v "${cmd_pkg%%:*}" > /dev/null || missing="$missing ${cmd_pkg#*:}"
	done
	[ -z "$missing" ] && return 0
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$missing > "$dir/apt.log" 2>&1
}

# apt-get source needs a deb-src entry: add one mirroring the deb822 binary sources.
enable_deb_src() {
	apt-cache showsrc sqlite3 2> /dev/null | grep -q '^Package:' && return 0
	src=/etc/apt/sources.list.d/debian.sources
	[ -r "$src" ] || { echo "no $src to copy a deb-src entry from" >&2; return 1; }
	sed 's/^Types: deb$/Types: deb-src/' "$src" \
		> /etc/apt/sources.list.d/liblockdep-deb-src.sources &&
		apt-get update -qq > "$dir/apt.log" 2>&1 &&
		apt-cache showsrc sqlite3 2> /dev/null | grep -q '^Package:'
}

fetch_sqlite() {
	mkdir -p "$dir"
	if ! ls "$dir"/sqlite3_*.dsc > /dev/null 2>&1; then
		enable_deb_src || die fetch "cannot enable deb-src for sqlite3 (run as root)"
		apt_install dpkg-source:dpkg-dev ||
			die fetch "cannot install dpkg-dev: $(tail -3 "$dir/apt.log")"
		(cd "$dir" && apt-get source --download-only sqlite3) > "$dir/fetch.log" 2>&1 ||
			die fetch "apt-get source sqlite3: $(tail -3 "$dir/fetch.log")"
	fi
	apt_install dpkg-source:dpkg-dev tclsh:tcl clang:clang ||
		die fetch "cannot install dpkg-dev tcl clang: $(tail -3 "$dir/apt.log")"
	dsc=$(ls "$dir"/sqlite3_*.dsc | tail -n 1)
	if [ ! -f "$dir/src/VERSION" ]; then
		rm -rf "$dir/src"
		dpkg-source -x "$dsc" "$dir/src" > "$dir/unpack.log" 2>&1 ||
			die fetch "dpkg-source -x: $(tail -3 "$dir/unpack.log")"
	fi
	sqlite_version=$(basename "$dsc" .dsc | sed 's/^sqlite3_//')
	pass "fetch sqlite3 $sqlite_version"
}

# --- Build --------------------------------------------------------------------------

# The pair under test is copied, so an edit during a run cannot mix two versions; a
# changed pair throws the checked build away.
snapshot_pair() {
	mkdir -p "$dir/pair"
	if ! cmp -s "$pair/liblockdep.c" "$dir/pair/liblockdep.c" ||
		! cmp -s "$pair/liblockdep.h" "$dir/pair/liblockdep.h" ||
		[ ! -f "$dir/pair/liblockdep.o" ]; then
		cp "$pair/liblockdep.c" "$pair/liblockdep.h" "$dir/pair/" &&
			cc -O2 -g -DLIBLOCKDEP -c "$dir/pair/liblockdep.c" \
				-o "$dir/pair/liblockdep.o" 2> "$dir/pair/build.log" ||
			die "build liblockdep.o" "$(head -c 600 "$dir/pair/build.log")"
		rm -rf "$dir/lockdep"
	fi
}

# build VARIANT CONFIGURE_CC TARGETS MAKE_ARGS...: configure plainly in $dir/VARIANT
# (with CC=CONFIGURE_CC if not empty), then make the targets with the extra make
# arguments. threadtest4.mk adds the rule
# SQLite's Makefile lacks for threadtest4. A build whose recipe is unchanged is kept.
build() {
	variant=$1 configure_cc=$2 targets=$3
	shift 3
	b=$dir/$variant
	recipe="CC=$configure_cc configure; make $* $targets"
	if [ -f "$b/recipe" ] && [ "$(cat "$b/recipe")" = "$recipe" ]; then
		echo "(kept build/$variant: $(cat "$b/build-seconds")s to build)"
		return 0
	fi
	rm -rf "$b" && mkdir -p "$b"
	start=$(now_ms)
	(cd "$b" && env ${configure_cc:+CC="$configure_cc"} "$dir/src/configure") \
		> "$b/configure.log" 2>&1 ||
		{ fail "build $variant" "configure: $(tail -5 "$b/configure.log")"; return 1; }
	(cd "$b" && make -j"$jobs" -f Makefile -f "$here/threadtest4.mk" "$@" $targets) \
		> "$b/make.log" 2>&1 ||
		{ fail "build $variant" "make: $(grep -m3 -i 'error' "$b/make.log")"; return 1; }
	echo $((($(now_ms) - start) / 1000)) > "$b/build-seconds"
	echo "$recipe" > "$b/recipe"
}

build_all() {
	targets="sqlite3.c threadtest3 threadtest4 threadtest5"
	build plain "" "$targets" && pass "build plain"

	# The drop-in: configure's own CC and LIBS (as the plain build's configure found
	# them: the same run), with liblockdep added.
	conf_cc=$(configured CC "$dir/plain")
	conf_libs=$(configured LIBS "$dir/plain")
	if build lockdep "" "$targets" \
		CC="$conf_cc -DLIBLOCKDEP -include $dir/pair/liblockdep.h" \
		LIBS="$conf_libs $dir/pair/liblockdep.o"; then
		# The drop-in is in effect only if SQLite's locking calls were routed.
		if nm -u "$dir/lockdep/sqlite3.o" | grep -q liblockdep_pthread_mutex_lock; then
			pass "build lockdep"
		else
			fail "build lockdep" "sqlite3.o calls pthread_mutex_lock directly: the recipe did not take effect"
		fi
	fi

	# ThreadSanitizer, for the speed table only.
	build tsan clang threadtest4 CC="clang -fsanitize=thread" && pass "build tsan"
	[ "$failed" = 0 ] || finish
}

# --- Run ----------------------------------------------------------------------------

# run_once VARIANT CASE TIMEOUT PROGRAM ARGS...: one try, in a fresh directory under
# $scratch (in memory where /dev/shm allows, so disk speed does not blur the
# comparison). stdout replaces $dir/VARIANT-CASE.out, stderr is appended to
# $dir/VARIANT-CASE.log. Sets status and result (the last line of output: the
# program's verdict).
run_once() {
	variant=$1 name=$2 limit=$3 prog=$4
	shift 4
	rm -rf "$scratch/cwd" && mkdir "$scratch/cwd"
	(cd "$scratch/cwd" && exec timeout -k 10 "$limit" "$dir/$variant/$prog" "$@") \
		> "$dir/$variant-$name.out" 2> "$scratch/stderr"
	status=$?
	{ echo "--- try $try: $prog $*: exit $status"; cat "$scratch/stderr"; } >> "$dir/$variant-$name.log"
	result=$(grep -v '^ *$' "$dir/$variant-$name.out" | tail -n 1)
}

describe() {
	case $1 in
	0) echo "passed" ;;
	124) echo "hung: killed after ${2}s" ;;
	1[3-9][0-9] | 2[0-9][0-9]) echo "crashed: signal $(($1 - 128))" ;;
	*) echo "exit $1" ;;
	esac
}

# run_variant VARIANT CASE TIMEOUT PROGRAM ARGS...: up to $tries tries, stopping at the
# first pass or at a crash or hang (which a retry would hide). Sets status, result
# and try.
run_variant() {
	rm -f "$dir/$1-$2.log"
	try=1
	while :; do
		run_once "$@"
		[ "$status" = 0 ] || [ "$status" -ge 124 ] || [ "$try" -ge "$tries" ] && break
		try=$((try + 1))
	done
}

# run_case CASE TIMEOUT PROGRAM ARGS...
run_case() {
	name=$1 limit=$2
	run_variant plain "$@"
	plain_status=$status plain_result=$result plain_tries=$try
	run_variant lockdep "$@"
	nreports=$(headlines "$dir/lockdep-$name.log" | wc -l)
	echo "$name $(summarize "$dir/lockdep-$name.log")$([ "$try" = 1 ] || echo " (try $try)")" >> "$scratch/reports"
	why="$(describe "$status" "$limit") (try $try); plain: $(describe "$plain_status" "$limit"); see $dir/lockdep-$name.log"
	if [ "$status" != 0 ] && [ "$plain_status" = 0 ]; then
		fail "$name" "$why"
	elif [ "$status" -ge 124 ] && [ "$plain_status" -lt 124 ]; then
		fail "$name" "$why"
	elif [ "$status" != 0 ]; then
		skip "$name" "plain build fails too ($(describe "$plain_status" "$limit") in $plain_tries tries: $(tail -n 1 "$dir/plain-$name.log"))"
	elif [ "$plain_status" = 0 ] && [ "$result" != "$plain_result" ]; then
		fail "$name" "ends \"$result\", plain ends \"$plain_result\""
	elif { [ "$classes" = instance ] || [ -n "$rules" ]; } && [ "$nreports" -gt 0 ]; then
		fail "$name" "$nreports lockdep reports in $try tries with LIBLOCKDEP_CLASSES=${classes:-<default>}${rules:+ and LIBLOCKDEP_RULES=$rules} (last: $(summarize "$dir/lockdep-$name.log")); see $dir/lockdep-$name.log"
	else
		pass "$name"
	fi
}

run_all() {
	: > "$scratch/reports"
	run_case threadtest4-serialized 120 threadtest4 -serialized 4
	run_case threadtest4-serialized-wal 120 threadtest4 -serialized -wal 4
	run_case threadtest4-multithread 120 threadtest4 -multithread 4
	run_case threadtest4-multithread-wal 120 threadtest4 -multithread -wal 4
	run_case threadtest5 120 threadtest5
	# threadtest3's tests run for a fixed time each (walthread5 1s, the others 10s).
	for t in walthread5 shared1 stress1 vacuum1 lookaside1 checkpoint_starvation_1; do
		run_case "threadtest3-$t" 120 threadtest3 "$t"
	done
	echo "Lockdep reports in the checked build (LIBLOCKDEP_CLASSES=${classes:-<default>}${rules:+, LIBLOCKDEP_RULES=$rules}), by headline:"
	while read -r name counts; do
		printf '  %-36s %s\n' "$name" "$counts"
	done < "$scratch/reports"
}

# --- Speed: threadtest4 tests per second, the three builds taking turns -------------

# rate_once VARIANT KEY ARGS...: one run of threadtest4; a passing one adds its
# "tests milliseconds" to $scratch/rate-VARIANT-KEY. The preload variant is the plain
# build run with liblockdep.so preloaded, as ./lockdep runs it.
rate_once() {
	variant=$1 key=$2 binary=$dir/$1/threadtest4 preload=
	shift 2
	if [ "$variant" = preload ]; then
		binary=$dir/plain/threadtest4 preload=$dir/pair/liblockdep.so
	fi
	rm -rf "$scratch/cwd" && mkdir "$scratch/cwd"
	start=$(now_ms)
	(cd "$scratch/cwd" && LD_PRELOAD=$preload exec timeout -k 10 300 "$binary" "$@") \
		> "$scratch/rate.out" 2>> "$dir/$variant-rate.log"
	rc=$? ms=$(($(now_ms) - start))
	[ "$rc" = 0 ] && sed -n "s/^Total 0 errors in \([0-9]*\) tests\$/\1 $ms/p" "$scratch/rate.out" \
		>> "$scratch/rate-$variant-$key"
}

rate() {
	awk '{ n += $1; ms += $2; runs++ }
		END { if (ms) printf "%.0f tests/s (%d runs)", n * 1000 / ms, runs; else printf "no passing run" }' \
		"$scratch/rate-$1-$2" 2> /dev/null || printf 'no passing run'
}

speed_table() {
	${CC:-cc} -O2 -fPIC -shared -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD "$dir/pair/liblockdep.c" \
		-o "$dir/pair/liblockdep.so" -ldl
	for v in plain lockdep preload tsan; do rm -f "$dir/$v-rate.log"; done
	load=$(cut -d' ' -f1 /proc/loadavg)
	i=0
	while [ "$i" -lt "$rate_runs" ]; do
		for v in plain lockdep preload tsan; do
			rate_once "$v" serialized -serialized 4
			rate_once "$v" wal -serialized -wal 4
		done
		i=$((i + 1))
	done
	{
		echo "# SQLite thread tests: plain vs liblockdep (drop-in, preload) vs ThreadSanitizer"
		echo
		echo "Written by tests/sqlite/run.sh on $(date -u +%Y-%m-%d): $(nproc) cores (load average"
		echo "$load when the timing began), sqlite3 $sqlite_version, liblockdep with lockdep"
		rules_used=
		[ -z "$rules" ] || rules_used=", LIBLOCKDEP_RULES=tests/sqlite/$(basename "$rules")"
		echo "from Linux $(sed -n 's/.*Kernel text from Linux \([0-9.]*\).*/\1/p' "$dir/pair/liblockdep.h"), LIBLOCKDEP_CLASSES=${classes:-<default>}$rules_used."
		echo
		echo "threadtest4 with 4 threads, databases in $(dirname "$scratch"). The builds take"
		echo "turns, $rate_runs runs each; tests/s over the passing runs (threadtest4 fails now and"
		echo "then in any build). The checked build is SQLite's own Makefile with"
		echo "\`make CC=\"$conf_cc -DLIBLOCKDEP -include liblockdep.h\" LIBS=\"$(echo $conf_libs) liblockdep.o\"\`."
		echo
		echo "| threadtest4 | plain (gcc -O2) | liblockdep drop-in (gcc -O2) | liblockdep preload (plain build) | ThreadSanitizer (clang -O2) |"
		echo "|---|---|---|---|---|"
		for k in serialized wal; do
			args=$([ "$k" = wal ] && echo "-serialized -wal 4" || echo "-serialized 4")
			echo "| \`$args\` | $(rate plain $k) | $(rate lockdep $k) | $(rate preload $k) | $(rate tsan $k) |"
		done
		echo "| build time | $(cat "$dir/plain/build-seconds")s | $(cat "$dir/lockdep/build-seconds")s | none | $(cat "$dir/tsan/build-seconds")s (threadtest4 only) |"
		echo
		echo "Lockdep reports in the checked build, by headline (the passing try):"
		echo
		while read -r name counts; do echo "- $name: $counts"; done < "$scratch/reports"
	} > "$results"
	echo "Speed (tests/s), written to $results:"
	grep '^|' "$results" | sed 's/^/  /'
}

scratch=$(mktemp -d "$( [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")/liblockdep-sqlite.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fetch_sqlite
snapshot_pair
build_all
run_all
speed_table
finish
