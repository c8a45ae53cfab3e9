#!/bin/sh
# The scenario runner: builds each tests/scenarios/*.c against liblockdep.c, runs it,
# and compares what lockdep printed with what the scenario's header comment expects:
#   Expect: <report headline>   one line per report, in order ("Expect: silent" for none);
#                               a shell pattern: * stands for a thread's name/tid
#   Names: <class> ...          lock classes the reports must name, as "(name)";
#                               * stands for any characters but ")"
#   Fingerprint: <fingerprint>  one line per report, in order, when given: its exact
#                               "fingerprint:" line (every report ends with one)
#   Suppress: <rule>            one line per report, in order, when given: the rule it
#                               ends with, "rule to suppress it: <rule>" (every report
#                               ends with one)
#   Env: VAR=value ...          environment for the checked run
#   Rules: <rule>               a line of a rules file written for the checked run
#                               (LIBLOCKDEP_RULES), one header line per rule line
#   Exit: <status>              the program's own exit status (default 0); checked,
#                               a run with reports exits with LIBLOCKDEP_EXITCODE's 66
#   Cflags: <flags> ...         added to CFLAGS (CXXFLAGS for *.cc) in every build of
#                               the scenario (-std=c2x, -O0); liblockdep.c keeps CFLAGS
# Output with a control character other than tab and newline fails the scenario.
# Every checked run also writes LIBLOCKDEP_JSON; at the end, tests/json_check.py
# validates all of it against docs/liblockdep-json.schema.json (python3-jsonschema)
# and matches its fingerprints with the text's.
# Each scenario (*.c with CC, *.cc with CXX) also runs built without -DLIBLOCKDEP:
# silent, its own exit status; and built plain, run with the preload flavour
# (liblockdep.so) preloaded, as ./lockdep runs it: the same expectations.
# Then runs tests/checks/*.sh, each one case, with its time. A check that cannot run
# here (a package missing) exits 0 after a line "SKIP <name>: needs <pkg>", shown
# as its result. Prints a line per case and a total.
#
# Tiers: a check whose header has the line "# Tier: all (why)" (slow, or needing more
# than gcc, g++, clang, make and python3) runs only in TIER=all (make test-all); every
# other check is in TIER=test (make test). TIER=extra runs only the "Tier: all"
# checks, no scenario (make test-extra: what make test-all adds; liblockdep.o and .so
# are built all the same, for the checks). Default: test, or
# all when a name filter is given (a check named is a check run).
#
# usage: tests/run.sh [name-filter]
# Environment: CC, CFLAGS, CXX, CXXFLAGS, BUILD (output directory), LIBLOCKDEP_DIR
# (where the liblockdep.c/.h under test are), SCENARIOS_ONLY=1 (skip the checks),
# FAST_PATH=off (liblockdep.c built -DLIBLOCKDEP_NO_FAST_PATH: every acquisition and
# release goes to lockdep, src/fast_path.c; the same expectations hold; default
# BUILD build/tests-no-fast-path), JOBS (scenarios run at once, default the number of
# processors: each job takes every JOBS-th scenario, then every JOBS-th check). Each
# result line is printed as its case ends, so a long run shows its progress; the
# last line is the total, "N passed, N failed, N skipped".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
# The pair under test: the committed one, or another generation of it.
pair=${LIBLOCKDEP_DIR:-$top}
case ${FAST_PATH:-on} in
on)	libflags= build=${BUILD:-$top/build/tests} ;;
off)	libflags=-DLIBLOCKDEP_NO_FAST_PATH build=${BUILD:-$top/build/tests-no-fast-path} ;;
*)	echo "FAST_PATH=on or off, not \"$FAST_PATH\"" >&2; exit 2 ;;
esac
cc=${CC:-cc}
cflags=${CFLAGS:--O2 -g -Wall -Wextra -Werror}
cxx=${CXX:-g++}
cxxflags=${CXXFLAGS:--O2 -g -Wall -Wextra -Werror}
filter=${1:-}
tier=${TIER:-}
[ -z "$tier" ] && { [ -n "$filter" ] && tier=all || tier=test; }
case $tier in
test|all|extra) ;;
*)	echo "TIER=test, all or extra, not \"$tier\"" >&2; exit 2 ;;
esac
scenario_timeout=${SCENARIO_TIMEOUT:-60}
jobs=${JOBS:-$(nproc 2> /dev/null || echo 1)}
passed=0
failed=0
skipped=0
mkdir -p "$build"

pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }
skip() { skipped=$((skipped + 1)); echo "SKIP $1: $2"; }

# Lines of the header comment that start with "Key:".
header() { sed -n "s/^ \* $1: //p" "$2"; }

# Headlines are the kernel's report titles: the line after a row of '=' signs, and
# lockdep's own words when it runs out of room ("BUG: MAX_... too low!").
headlines() { awk 'prev ~ /^=+$/ || /^BUG: MAX_.* too low!$/ { print } { prev = $0 }' "$1"; }

# Same number of lines, each got line matching its want pattern.
headlines_match() {
	[ "$(wc -l < "$1")" -eq "$(wc -l < "$2")" ] || return 1
	exec 3< "$2"
	while IFS= read -r want; do
		IFS= read -r got <&3
		case $got in $want) ;; *) exec 3<&-; return 1 ;; esac
	done < "$1"
	exec 3<&-
}

check_report() {
	name=$1 src=$2 out=$3 status=$4
	want_exit=$(header Exit "$src"); want_exit=${want_exit:-0}
	header Expect "$src" | grep -qvx silent && want_exit=66
	if [ "$status" != "$want_exit" ]; then
		fail "$name" "exit status $status, expected $want_exit; output: $(head -c 600 "$out")"
		return 1
	fi
	# No report carries a control character (a kernel log level, say) but \t and \n.
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$out"; then
		fail "$name" "control characters in the output: $(cat -v "$out" | head -c 600)"
		return 1
	fi
	header Expect "$src" | grep -vx silent > "$out.want"
	headlines "$out" > "$out.got"
	if ! headlines_match "$out.want" "$out.got"; then
		fail "$name" "reports [$(tr '\n' '|' < "$out.got")] expected [$(tr '\n' '|' < "$out.want")]"
		return 1
	fi
	if header Expect "$src" | grep -qx silent && [ -s "$out" ]; then
		fail "$name" "expected silence, got: $(head -c 600 "$out")"
		return 1
	fi
	# Each report ends with one fingerprint line: kind, then 8 hex digits.
	grep -x 'fingerprint: [a-z0-9-]*-[0-9a-f]\{8\}' "$out" | sed 's/^fingerprint: //' > "$out.fp"
	if [ "$(wc -l < "$out.fp")" -ne "$(wc -l < "$out.got")" ]; then
		fail "$name" "$(wc -l < "$out.got") reports, fingerprints [$(tr '\n' '|' < "$out.fp")]"
		return 1
	fi
	if header Fingerprint "$src" | grep -q . && ! header Fingerprint "$src" | cmp -s - "$out.fp"; then
		fail "$name" "fingerprints [$(tr '\n' '|' < "$out.fp")] expected [$(header Fingerprint "$src" | tr '\n' '|')]"
		return 1
	fi
	# Then with the rule line that would suppress it.
	sed -n 's/^rule to suppress it: //p' "$out" > "$out.rule"
	if [ "$(wc -l < "$out.rule")" -ne "$(wc -l < "$out.got")" ]; then
		fail "$name" "$(wc -l < "$out.got") reports, rules to suppress them [$(tr '\n' '|' < "$out.rule")]"
		return 1
	fi
	if header Suppress "$src" | grep -q . && ! header Suppress "$src" | cmp -s - "$out.rule"; then
		fail "$name" "rules to suppress [$(tr '\n' '|' < "$out.rule")] expected [$(header Suppress "$src" | tr '\n' '|')]"
		return 1
	fi
	printf '%s\t%s\t%s\n' "$name" "$out" "$status" >> "$build/json-cases"
	for class in $(header Names "$src"); do
		if ! grep -q "($(printf %s "$class" | sed 's/[].[^$\\]/\\&/g; s/\*/[^)]*/g')" "$out"; then
			fail "$name" "no lock class named $class in the report"
			return 1
		fi
	done
	return 0
}

# The scenario's Rules: lines, written to file $2: prints LIBLOCKDEP_RULES=$2 for env.
rules_env() {
	header Rules "$1" > "$2"
	[ -s "$2" ] && echo "LIBLOCKDEP_RULES=$2"
}

# The compiler and flags that build scenario $1.
scenario_compiler() {
	case $1 in
	*.cc) echo "$cxx $cxxflags $(header Cflags "$1")" ;;
	*) echo "$cc $cflags $(header Cflags "$1")" ;;
	esac
}

run_scenario() {
	src=$1 base=$(basename "$1") compile=$(scenario_compiler "$1")
	name=${base%.*} exe=$build/${base%.*} out=$build/${base%.*}.out
	if ! $compile -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread "$src" \
		"$build/liblockdep.o" -o "$exe" 2> "$out"; then
		fail "$name" "does not build: $(head -c 600 "$out")"
		return
	fi
	rm -f "$out".json.*
	env LIBLOCKDEP_JSON="$out.json.%p" $(header Env "$src") $(rules_env "$src" "$exe.rules") \
		timeout "$scenario_timeout" "$exe" > /dev/null 2> "$out"
	check_report "$name" "$src" "$out" $? || return
	# The switch-off build: same program, no checking, no output.
	if ! $compile -include "$pair/liblockdep.h" -pthread "$src" \
		"$build/liblockdep-off.o" -o "$exe-off" 2> "$out"; then
		fail "$name" "does not build without -DLIBLOCKDEP: $(head -c 600 "$out")"
		return
	fi
	timeout "$scenario_timeout" "$exe-off" > /dev/null 2> "$out"
	status=$? want_exit=$(header Exit "$src")
	if [ "$status" != "${want_exit:-0}" ] || [ -s "$out" ]; then
		fail "$name" "without -DLIBLOCKDEP: exit $status, output: $(head -c 300 "$out")"
		return
	fi
	pass "$name"
}

# A scenario that calls liblockdep's annotations gets their declarations, and links
# against the library it runs with; the others are built with no trace of liblockdep.
run_preload_scenario() {
	src=$1 base=$(basename "$1") compile=$(scenario_compiler "$1")
	name="${base%.*} (preload)" exe=$build/${base%.*}-plain out=$build/${base%.*}-plain.out
	declared= linked=
	if grep -q 'liblockdep_' "$src"; then
		declared="-DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -include $pair/liblockdep.h"
		linked="-L$build -llockdep"
	fi
	if ! $compile $declared -pthread "$src" $linked -o "$exe" 2> "$out"; then
		fail "$name" "does not build: $(head -c 600 "$out")"
		return
	fi
	rm -f "$out".json.*
	env LIBLOCKDEP_JSON="$out.json.%p" $(header Env "$src") $(rules_env "$src" "$exe.rules") \
		LD_PRELOAD=$build/liblockdep.so timeout "$scenario_timeout" "$exe" > /dev/null 2> "$out"
	check_report "$name" "$src" "$out" $? && pass "$name"
}

# Whether scenario $1 is one this run takes.
scenario_wanted() {
	case $(basename "$1") in *"$filter"*) [ -f "$1" ] ;; *) return 1 ;; esac
}

# Job $1's share of the scenarios, in a process of its own (its counts are its lines).
run_scenarios() {
	n=0
	for src in "$top"/tests/scenarios/*.c "$top"/tests/scenarios/*.cc; do
		scenario_wanted "$src" || continue
		n=$((n + 1))
		[ $((n % jobs)) -eq "$1" ] || continue
		run_scenario "$src"
		run_preload_scenario "$src"
	done
}

if ! $cc $cflags $libflags -DLIBLOCKDEP -c "$pair/liblockdep.c" -o "$build/liblockdep.o" ||
   ! $cc $cflags $libflags -c "$pair/liblockdep.c" -o "$build/liblockdep-off.o" ||
   ! $cc $cflags $libflags -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread \
	-Wl,-soname,liblockdep.so "$pair/liblockdep.c" -o "$build/liblockdep.so" -ldl; then
	fail liblockdep.c "does not build"
elif [ "$tier" != extra ]; then
	: > "$build/json-cases"
	n=0
	for src in "$top"/tests/scenarios/*.c "$top"/tests/scenarios/*.cc; do
		scenario_wanted "$src" && n=$((n + 1))
	done
	echo "-- $n scenarios, each drop-in and preloaded, $jobs at a time"
	job=0
	while [ "$job" -lt "$jobs" ]; do
		run_scenarios "$job" | tee "$build/scenarios.$job" &
		job=$((job + 1))
	done
	wait
	job=0
	while [ "$job" -lt "$jobs" ]; do
		passed=$((passed + $(grep -c '^PASS' "$build/scenarios.$job")))
		failed=$((failed + $(grep -c '^FAIL' "$build/scenarios.$job")))
		job=$((job + 1))
	done
	if [ ! -s "$build/json-cases" ]; then
		skip json-schema "no scenario passed, no JSON to check"
	elif ! python3 -c 'import jsonschema' 2> /dev/null; then
		skip json-schema "needs python3-jsonschema"
	elif json=$(python3 "$top/tests/json_check.py" "$top/docs/liblockdep-json.schema.json" \
			< "$build/json-cases"); then
		pass "json-schema ($(echo "$json" | tail -n 1))"
	else
		echo "$json" | sed '$d'
		fail json-schema "$(echo "$json" | grep -c '^FAIL') runs with bad JSON"
	fi
fi

# A check's tier: its "# Tier:" header line, test if it has none.
check_tier() { t=$(sed -n 's/^# Tier: \([a-z]*\).*/\1/p' "$1" | head -n 1); echo "${t:-test}"; }

# Whether TIER runs a check of tier $1.
tier_runs() {
	case $tier:$1 in
	all:*|test:test|extra:all) return 0 ;;
	*) return 1 ;;
	esac
}

# Check $1, as one result line.
run_check() {
	name=$(basename "$1" .sh)
	started=$(date +%s)
	if out=$(cd "$top" && BUILD="$build" CC="$cc" sh "$1" 2>&1); then
		took="$(($(date +%s) - started)) s"
		if printf '%s\n' "$out" | grep -q '^SKIP'; then
			skip "$name" "$(printf '%s\n' "$out" | sed -n 's/^SKIP[^:]*: //p' | head -n 1) ($took)"
		else
			pass "$name ($took)"
		fi
	else
		fail "$name" "$(printf '%s' "$out" | tail -n 15)"
	fi
}

# Whether check $1 is one this run takes.
check_wanted() {
	case $(basename "$1" .sh) in *"$filter"*) ;; *) return 1 ;; esac
	[ -f "$1" ] && tier_runs "$(check_tier "$1")"
}

# Job $1's share of the checks this run takes, in a process of its own.
run_checks() {
	n=0
	for check in "$top"/tests/checks/*.sh; do
		check_wanted "$check" || continue
		n=$((n + 1))
		[ $((n % jobs)) -eq "$1" ] || continue
		run_check "$check"
	done
}

# The checks run JOBS at a time too. What several of them would build in the tree
# (./lockdep's library, the graph checker) is built first, so that none builds it
# while another runs it.
if [ -z "${SCENARIOS_ONLY:-}" ]; then
	if ! (cd "$top" && make -s preload check-graph > "$build/prebuilt" 2>&1); then
		fail "make preload check-graph" "$(tail -n 15 "$build/prebuilt")"
	fi
	n=0
	for check in "$top"/tests/checks/*.sh; do
		check_wanted "$check" && n=$((n + 1))
	done
	echo "-- $n checks, $jobs at a time; each line comes as its check ends"
	job=0
	while [ "$job" -lt "$jobs" ]; do
		run_checks "$job" | tee "$build/checks.$job" &
		job=$((job + 1))
	done
	wait
	job=0
	while [ "$job" -lt "$jobs" ]; do
		passed=$((passed + $(grep -c '^PASS' "$build/checks.$job")))
		failed=$((failed + $(grep -c '^FAIL' "$build/checks.$job")))
		skipped=$((skipped + $(grep -c '^SKIP' "$build/checks.$job")))
		job=$((job + 1))
	done
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
