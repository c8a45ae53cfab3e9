# ./lockdep ends with one summary line on its standard error, never on standard
# output, so that a checked run never looks like an unchecked one: processes checked,
# lock classes (the most in one process), reports with their kinds, and where a
# report went that did not reach the terminal. A clean program, an AB-BA, a tree
# of processes (sh running two programs), a program that closes its standard error
# as it exits (GNU coreutils' echo), a statically linked program (nothing checked),
# and automake's make check, whose harness keeps the report in the test's log and
# fails the test: the terminal names the test, its log and the report's headline.
set -eu
cc=${CC:-cc}
lockdep=$(pwd)/lockdep
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The small project's AB-BA (tests/projects), and its corrected order.
$cc -o "$out/abba" tests/projects/abba.c -pthread
$cc -DFIXED -o "$out/clean" tests/projects/abba.c -pthread
./lockdep /bin/true 2> /dev/null	# the library, fresh

# run NAME STATUS STDOUT SUMMARY COMMAND...: COMMAND under ./lockdep exits STATUS,
# prints STDOUT on standard output and ends its standard error with SUMMARY, a
# pattern (grep -x) that matches that one line and no other line of it.
run() {
	name=$1 status=$2 stdout=$3 summary=$4
	shift 4
	got=0
	"$lockdep" "$@" > "$out/$name.out" 2> "$out/$name.err" || got=$?
	[ "$got" -eq "$status" ] || { echo "$name: status $got, not $status"; exit 1; }
	[ "$(cat "$out/$name.out")" = "$stdout" ] ||
		{ echo "$name: standard output $(cat "$out/$name.out")"; exit 1; }
	tail -n 1 "$out/$name.err" | grep -qx -- "$summary" ||
		{ echo "$name: not \"$summary\" at the end of: $(tail -n 3 "$out/$name.err")"; exit 1; }
	[ "$(grep -c '^lockdep: ' "$out/$name.err")" -eq 1 ] ||
		{ echo "$name: more than one summary line: $(cat "$out/$name.err")"; exit 1; }
}

run clean 0 'balance 0' 'lockdep: 1 process checked, 5 lock classes, 0 reports' "$out/clean"
run abba 66 'balance 0' 'lockdep: 1 process checked, 5 lock classes, 1 report (circular)' "$out/abba"
grep -q '^WARNING: possible circular locking dependency detected$' "$out/abba.err"
run tree 66 "balance 0
balance 0" 'lockdep: 3 processes checked, 5 lock classes, 1 report (circular)' \
	/bin/sh -c '"$0"/clean; "$0"/abba; true' "$out"
run echo 0 hi 'lockdep: 1 process checked, [0-9]* lock class[es]*, 0 reports' /bin/echo hi
# The report in a file the runner's directory holds, named relative to it.
(cd "$out" && run log 66 'balance 0' 'lockdep: 2 processes checked, 5 lock classes, 1 report (circular) -- abba, in abba.log: WARNING: possible circular locking dependency detected' \
	/bin/sh -c './abba 2> abba.log; true') || exit 1
if $cc -DFIXED -static -o "$out/static" tests/projects/abba.c -pthread 2> /dev/null; then
	run static 0 'balance 0' 'lockdep: 0 processes checked (was the program dynamically linked?)' \
		"$out/static"
else
	echo "SKIP runner_summary: needs a static libc (libc6-dev's libc.a; the static case not run)"
fi

for tool in autoreconf automake; do
	command -v $tool > /dev/null || { echo "SKIP runner_summary: needs autoconf and automake"; exit 0; }
done
mkdir "$out/project"
cp tests/projects/configure.ac tests/projects/abba.c tests/projects/shop.cc "$out/project"
printf 'check_PROGRAMS = abba\nabba_SOURCES = abba.c\nTESTS = abba\n' > "$out/project/Makefile.am"
cd "$out/project"
{ autoreconf -i && ./configure && /usr/bin/make abba; } > "$out/log" 2>&1 ||
	{ echo "the project does not build: $(tail -n 20 "$out/log")"; exit 1; }
# The test that reported fails, as one built with a sanitizer (or one whose command is
# false) does; the terminal names it, its log and the report's headline.
run check 66 "$(/usr/bin/make -s check LOG_COMPILER=false 2> /dev/null)" \
	'lockdep: [0-9]* processes checked, [0-9]* lock classes, 1 report (circular) -- abba, in abba.log: WARNING: possible circular locking dependency detected' \
	/usr/bin/make -s check
