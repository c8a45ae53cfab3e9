# File:line is on by default for a program built with -g, read by liblockdep from its
# DWARF line tables (src/debug_lines.c), with no addr2line: it was off unless
# LIBLOCKDEP_SYMBOLIZE=addr2line. tests/scenarios/abba_two_threads.c built at -O0 and
# -O2 with -g (DWARF 5, and 4), drop-in and under ./lockdep: the lock being taken,
# the held lock's "at:" and the frames name the exact line of each pthread_mutex_lock()
# call; JSON has them as file and line, SARIF as the region's startLine. Built
# without -g, or run with LIBLOCKDEP_SYMBOLIZE=none, no frame and no "at:" has one.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
top=$(pwd)
src=$top/tests/scenarios/abba_two_threads.c
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s preload > /dev/null 2>&1
has_python=
command -v python3 > /dev/null && has_python=1

# The line of the first line matching $2 after the line matching $1.
line_after() {
	awk -v fn="$1" -v call="$2" 'index($0, fn) { in_fn = 1 }
		in_fn && index($0, call) { print NR; exit }' "$src"
}
forward_second=$(line_after '*forward(' 'pthread_mutex_lock(&second_lock);')
backward_second=$(line_after '*backward(' 'pthread_mutex_lock(&second_lock);')
backward_first=$(line_after '*backward(' 'pthread_mutex_lock(&first_lock);')
[ -n "$forward_second" ] && [ -n "$backward_second" ] && [ -n "$backward_first" ] ||
	{ echo "the calls of $src are not where this check looks"; exit 1; }
where=" ($src:"

# $1: a report, $2: what it is; the exact lines, each as the report must have it.
has_lines() {
	for want in \
		"(first_lock){....}-{3:4}, at: backward+0x[0-9a-f]*$where$backward_first)\$" \
		"^ #1: [0-9a-f]* (second_lock){....}-{3:4}, at: backward+0x[0-9a-f]*$where$backward_second)\$" \
		"^ *forward+0x[0-9a-f]*$where$forward_second)\$" \
		"^  backward+0x[0-9a-f]*$where$backward_first)\$"; do
		grep -q -- "$want" "$1" && continue
		echo "$2: no line matching '$want' in:"
		cat "$1"
		return 1
	done
	# The thread's own map is held at its start routine's first line, in the file too.
	grep -q "(thread@backward.*, at: backward+0x0$where[0-9]*)\$" "$1" ||
		{ echo "$2: the thread's map is held at no line of $src:"; cat "$1"; return 1; }
}

# $1: a report, $2: what it is; no frame and no "at:" with a file:line.
has_no_lines() {
	if grep -e ', at: .*)$' -e '^ *[^ ]*+0x[0-9a-f]* (' "$1"; then
		echo "$2: a frame or an \"at:\" with a file:line (above)"
		return 1
	fi
	grep -q ', at: backward+0x[0-9a-f]*$' "$1" ||
		{ echo "$2: no \"at:\" line in:"; cat "$1"; return 1; }
}

# $1: the JSON file, $2: the SARIF file: the first Call Trace frame's line.
outputs_have_line() {
	[ -n "$has_python" ] || return 0
	python3 - "$1" "$2" "$src" "$backward_first" <<'PY'
import json, sys
json_path, sarif_path, src, line = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
reports = [json.loads(l) for l in open(json_path) if '"stacks"' in l]
assert reports, "no report in the JSON file"
trace = [s for s in reports[0]["stacks"] if s["title"] == "Call Trace:"][0]
frame = trace["frames"][0]
assert (frame.get("file"), frame.get("line")) == (src, line), frame
sarif = json.load(open(sarif_path))
region = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
assert region["startLine"] == line, region
PY
}

failed=0
for level in O0 O2; do
	for dwarf in "-g" "-gdwarf-4"; do
		name="$level $dwarf"
		$cc -$level $dwarf -DLIBLOCKDEP -include liblockdep.h -pthread "$src" \
			"$build/liblockdep.o" -o "$out/drop-in" -ldl
		$cc -$level $dwarf -pthread "$src" -o "$out/plain"
		LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_JSON="$out/r.json" LIBLOCKDEP_SARIF="$out/r.sarif" \
			"$out/drop-in" 2> "$out/err"
		has_lines "$out/err" "$name drop-in" || failed=1
		outputs_have_line "$out/r.json" "$out/r.sarif" || { echo "$name: JSON or SARIF"; failed=1; }
		rm -f "$out/r.json" "$out/r.sarif"
		LIBLOCKDEP_EXITCODE=0 tests/lockdep_summary_stripped "$out/plain" 2> "$out/err"
		has_lines "$out/err" "$name under ./lockdep" || failed=1
	done
	LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=none "$out/drop-in" 2> "$out/err"
	has_no_lines "$out/err" "$level LIBLOCKDEP_SYMBOLIZE=none" || failed=1
	$cc -$level -DLIBLOCKDEP -include liblockdep.h -pthread "$src" "$build/liblockdep.o" \
		-o "$out/drop-in" -ldl
	$cc -$level -pthread "$src" -o "$out/plain"
	LIBLOCKDEP_EXITCODE=0 "$out/drop-in" 2> "$out/err"
	has_no_lines "$out/err" "$level without -g, drop-in" || failed=1
	LIBLOCKDEP_EXITCODE=0 tests/lockdep_summary_stripped "$out/plain" 2> "$out/err"
	has_no_lines "$out/err" "$level without -g, under ./lockdep" || failed=1
done
exit $failed
