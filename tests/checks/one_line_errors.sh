# What ./lockdep cannot run gets one line that says why, with exec's status (127 not
# found, 126 not runnable), not the shell's "lockdep: 302: exec: prog: not found"
# (for a name of the shell's own, such as cd, too) or "Permission denied" for a
# directory; --merge-sarif and --check-graph without
# their arguments get one line (exit 125), not the 61-line usage. A relative
# LIBLOCKDEP_SARIF is refused in the same line as a relative LIBLOCKDEP_GRAPH, and
# neither file is written (the SARIF log was, silently, in whatever directory each
# test ran). And lockdep(1)'s CMake example names a build type with -g (file:line
# in reports).
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
touch "$out/data"
failed=0
# expect STATUS LINE ARGS...: ./lockdep ARGS exits STATUS with LINE as its whole stderr.
expect() {
	want_status=$1 want=$2
	shift 2
	status=0
	./lockdep "$@" > /dev/null 2> "$out/err" || status=$?
	if [ "$status" -ne "$want_status" ] || [ "$(cat "$out/err")" != "$want" ]; then
		echo "lockdep $*: exit $status, expected $want_status; said: $(cat "$out/err")"
		failed=1
	fi
}
expect 127 'lockdep: no-such-program-here: command not found' no-such-program-here
# A builtin of the runner's shell, and a function of the runner: exec runs neither.
expect 127 'lockdep: cd: command not found' cd
expect 127 'lockdep: usage: command not found' usage
expect 127 "lockdep: $out/missing: no such file" "$out/missing"
expect 126 "lockdep: $out: is a directory, not a program" "$out"
expect 126 "lockdep: $out/data: not executable (permission denied)" "$out/data"
expect 125 'lockdep: --merge-sarif needs OUT, then one or more logs or directories (see lockdep --help)' --merge-sarif
expect 125 'lockdep: --merge-sarif needs OUT, then one or more logs or directories (see lockdep --help)' --merge-sarif out.sarif
expect 125 'lockdep: --check-graph needs one or more graph files (see lockdep --help)' --check-graph
cc=${CC:-cc}
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread tests/projects/abba.c liblockdep.c \
	-o "$out/abba"
for var in SARIF GRAPH; do
	rm -f "$out/err" "$out/rel.$var"
	(cd "$out" && env LIBLOCKDEP_EXITCODE=0 "LIBLOCKDEP_$var=rel.$var" ./abba \
		> /dev/null 2> err) || true
	line="liblockdep: LIBLOCKDEP_$var=\"rel.$var\" is not valid (accepted: an absolute path); using the default"
	[ "$(grep -c '^liblockdep: ' "$out/err")" -eq 1 ] && grep -qxF "$line" "$out/err" &&
		[ ! -e "$out/rel.$var" ] ||
		{ echo "a relative LIBLOCKDEP_$var: $(grep '^liblockdep: ' "$out/err"); $(ls "$out")"; failed=1; }
done
sed -n '/^cmake .*lockdep/,/^\.fi/p' docs/lockdep.1 | grep -q 'CMAKE_BUILD_TYPE=RelWithDebInfo' ||
	{ echo "lockdep(1)'s CMake example has no build type: no -g"; failed=1; }
exit $failed
