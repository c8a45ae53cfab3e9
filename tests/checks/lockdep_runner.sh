# ./lockdep runs a program built with no trace of liblockdep under the preload
# flavour: its reports on stderr, the program's own exit status, the user's
# LD_PRELOAD and LIBLOCKDEP_* variables kept; it builds build/liblockdep.so when the
# library is missing, and says how it is used; a symbolic link to it works from any
# directory. It starts nothing through PATH but the
# program it is given: commands of the same names first in PATH never run.
set -eu
# Reports must not change the exit statuses this check looks at.
export LIBLOCKDEP_EXITCODE=0
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Impostors first in PATH, each leaving a mark; make fails too.
mkdir "$out/impostors"
for tool in cat dirname find make mktemp; do
	printf '#!/bin/sh\ntouch "%s/ran-%s"\nexit 1\n' "$out" "$tool" > "$out/impostors/$tool"
	chmod 755 "$out/impostors/$tool"
done
impostors() {
	if ls "$out"/ran-* > /dev/null 2>&1; then
		echo "lockdep ran $(ls "$out"/ran-*) from PATH $1"
		exit 1
	fi
}
./lockdep --help | grep -q '^usage: lockdep'
./lockdep /bin/true 2> /dev/null	# the library, fresh
PATH=$out/impostors:$PATH ./lockdep --help > "$out/usage"
impostors "for --help"
grep -q '^usage: lockdep' "$out/usage"
PATH=$out/impostors:$PATH ./lockdep /bin/true
impostors "to run a program"
status=0
./lockdep > /dev/null 2>&1 || status=$?
[ "$status" -eq 125 ] || { echo "lockdep without a program exited $status"; exit 1; }
status=0
./lockdep sh -c 'exit 7' || status=$?
[ "$status" -eq 7 ] || { echo "the program's status 7 came back as $status"; exit 1; }
LD_PRELOAD=libm.so.6 LIBLOCKDEP_TEST=kept ./lockdep sh -c 'echo "$LD_PRELOAD $LIBLOCKDEP_TEST"' \
	> "$out/env"
grep -qx "$(pwd)/build/liblockdep.so:libm.so.6 kept" "$out/env" ||
	{ echo "environment seen by the program: $(cat "$out/env")"; exit 1; }
$cc -O2 -pthread tests/scenarios/abba_two_threads.c -o "$out/abba"
./lockdep "$out/abba" 2> "$out/report"
grep -q '^WARNING: possible circular locking dependency detected$' "$out/report"
grep -q '(first_lock)' "$out/report"
# Through a symbolic link in a directory on PATH, from another directory.
mkdir "$out/bin"
ln -s "$(pwd)/lockdep" "$out/bin/lockdep"
(cd / && PATH=$out/bin:$PATH lockdep "$out/abba") 2> "$out/report"
grep -q '^WARNING: possible circular locking dependency detected$' "$out/report"
# In a tree without the library, the first run builds it.
mkdir "$out/tree"
cp -R lockdep Makefile amalgamate.py liblockdep.c liblockdep.h src uinclude kernel-snapshot \
	"$out/tree"
PATH=$out/impostors:$PATH "$out/tree/lockdep" "$out/abba" 2> "$out/report"
# make itself finds the tools of the build through PATH (find): the user's make.
rm -f "$out/ran-find"
impostors "to build the library"
[ -f "$out/tree/build/liblockdep.so" ] || { echo "the library was not built"; exit 1; }
grep -q '^lockdep: building .*/build/liblockdep.so' "$out/report"
grep -q '^WARNING: possible circular locking dependency detected$' "$out/report"
# --version: the banner the library prints in each report.
version=$(./lockdep --version)
grep -q "^$version pid " "$out/report" || { echo "--version said '$version', not the reports' banner"; exit 1; }
# A program that cannot run: 127 not found, 126 not executable (as env and nohup
# say), and no file left behind by either.
mkdir "$out/tmp"
: > "$out/not-executable"
for case in "127 $out/missing" "126 $out/not-executable"; do
	status=0
	TMPDIR=$out/tmp ./lockdep "${case#* }" 2> /dev/null || status=$?
	[ "$status" -eq "${case%% *}" ] || { echo "lockdep ${case#* }: exit $status"; exit 1; }
done
[ -z "$(ls "$out/tmp")" ] || { echo "a failed run left $(ls "$out/tmp")"; exit 1; }
# From a path with a space or a colon, LD_PRELOAD could not name the library: refused
# loudly.
for dir in "my checkout" "my:checkout"; do
	mkdir "$out/$dir" "$out/$dir/build"
	cp -p "$out/tree/lockdep" "$out/tree/liblockdep.c" "$out/$dir/"
	cp -p "$out/tree/build/liblockdep.so" "$out/$dir/build/"
	status=0
	"$out/$dir/lockdep" "$out/abba" 2> "$out/report" || status=$?
	[ "$status" -eq 125 ] && grep -q '^lockdep: cannot preload .*space' "$out/report" ||
		{ echo "from \"$dir\": exit $status, $(head -c 300 "$out/report")"; exit 1; }
done
# An exported CDPATH changes nothing: the runner, from a relative path, checks.
status=0
(cd "$out" && CDPATH=$out && export CDPATH && tree/lockdep ./abba) 2> "$out/report" || status=$?
grep -q '^WARNING: possible circular locking dependency detected$' "$out/report" ||
	{ echo "with CDPATH: exit $status, $(head -c 300 "$out/report")"; exit 1; }
