# The verdicts of the real_programs_* checks, which source this file: "$out" is the
# check's temporary directory; a failure is one line, and sets failed=1.

# "$@" under ./lockdep: the output and exit status it has without liblockdep, and no
# report.
same_as_plain() {
	status=0 plain=0
	"$@" > "$out/plain" 2>&1 || plain=$?
	tests/lockdep_summary_stripped "$@" > "$out/checked" 2> "$out/report" || status=$?
	if [ "$status" != "$plain" ] || ! cmp -s "$out/plain" "$out/checked" || [ -s "$out/report" ]; then
		echo "$*: exit $status under ./lockdep, $plain plain; report: $(head -c 800 "$out/report")"
		failed=1
	fi
}

# A run whose output cannot be compared (a server's log): exit status $3 under
# ./lockdep, $2 expected (the program's without liblockdep), and no report in $4
# (shown from its first line, or the end of $4).
silent() {
	what=$1 want=$2 status=$3 report=$4
	if [ "$status" != "$want" ] || grep -q '^=====' "$report"; then
		shown=$(sed -n '/^=====/,$p' "$report" | head -c 800)
		echo "$what: exit $status under ./lockdep, $want expected; report: ${shown:-$(tail -c 800 "$report")}"
		failed=1
	fi
}
