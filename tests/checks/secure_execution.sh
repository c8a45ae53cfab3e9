# A setuid-root program built with liblockdep (default on, and -DLIBLOCKDEP_DEFAULT_OFF)
# run by an unprivileged user, with every LIBLOCKDEP_* variable set: none is obeyed.
# No file is written (the log, the dump, liblockdep_dump() into the current
# directory), no program is run (an addr2line first in PATH would leave a mark),
# checking follows the build's default, and the reports of the default-on build reach
# stderr after one line that says why, with no address in them (a lock's is zeros:
# the caller must not learn where it is loaded), and with the default file:line from
# the program's line tables, which reading starts nothing (LIBLOCKDEP_SYMBOLIZE=none
# is not obeyed either).
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
if [ "$(id -u)" != 0 ] || ! command -v setpriv > /dev/null; then
	echo "SKIP: needs root and setpriv (util-linux) to run a setuid program as nobody"
	exit 0
fi
# Root's, reachable by nobody (paths under /work may not be).
out=$(mktemp -d /tmp/liblockdep-secure.XXXXXX)
trap 'rm -rf "$out"' EXIT
chmod 755 "$out"
cat > "$out/prog.c" <<'C'
#include <pthread.h>
#include <stdio.h>
#include <sys/auxv.h>

static pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	printf("secure=%lu\n", getauxval(AT_SECURE));
	pthread_mutex_lock(&first);
	pthread_mutex_lock(&second);
	pthread_mutex_unlock(&second);
	pthread_mutex_unlock(&first);
	pthread_mutex_lock(&second);
	pthread_mutex_lock(&first);
	pthread_mutex_unlock(&first);
	pthread_mutex_unlock(&second);
	liblockdep_dump();
	return 0;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/prog.c" "$build/liblockdep.o" -o "$out/on"
$cc -O1 -g -DLIBLOCKDEP -DLIBLOCKDEP_DEFAULT_OFF -include liblockdep.h -pthread \
	"$out/prog.c" liblockdep.c -o "$out/off"
chmod 4755 "$out/on" "$out/off"
# Where a root program could write and nobody cannot: every file must stay absent.
mkdir -m 700 "$out/private" "$out/private/dump"
mkdir -m 755 "$out/cwd" "$out/bin"
cat > "$out/bin/addr2line" <<EOF
#!/bin/sh
touch "$out/private/addr2line-ran"
EOF
chmod 755 "$out/bin/addr2line"
headline='WARNING: possible circular locking dependency detected'
# The lock being taken in the report: main's second pthread_mutex_lock(&first).
first_line=$(grep -n 'pthread_mutex_lock(&first);' "$out/prog.c" | sed -n 2p | cut -d: -f1)
note='liblockdep: secure-execution process: LIBLOCKDEP_* ignored, reports go to stderr only'

# run PROGRAM VAR=VALUE...: as nobody, from $out/cwd; $status, $out/err, $out/stdout set.
run() {
	prog=$1
	shift
	set +e
	(cd "$out/cwd" && setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env "$@" "$out/$prog" > "$out/stdout" 2> "$out/err")
	status=$?
	set -e
	if ! grep -qx 'secure=1' "$out/stdout"; then
		echo "SKIP: the setuid bit has no effect here ($(cat "$out/stdout"))"
		exit 0
	fi
}
fail() { echo "$1"; cat "$out/err"; exit 1; }
nothing_written() {
	written=$(ls -A "$out/private/dump")$(ls -A "$out/cwd")
	[ -z "$written" ] || fail "$1: files written: $written"
	[ "$(ls -A "$out/private")" = dump ] || fail "$1: files written: $(ls -A "$out/private")"
}

every="LIBLOCKDEP=1 LIBLOCKDEP_LOG=$out/private/log.%p LIBLOCKDEP_DUMP=$out/private/dump
	LIBLOCKDEP_SYMBOLIZE=addr2line PATH=$out/bin:$PATH LIBLOCKDEP_EXITCODE=3
	LIBLOCKDEP_ABORT=1 LIBLOCKDEP_SUMMARY=1 LIBLOCKDEP_CLASSES=instance
	LIBLOCKDEP_SYMBOLISE=addr2line"
for vars in LIBLOCKDEP=0 "LIBLOCKDEP_LOG=$out/private/log" "LIBLOCKDEP_DUMP=$out/private/dump" \
	"LIBLOCKDEP_SYMBOLIZE=addr2line PATH=$out/bin:$PATH" LIBLOCKDEP_SYMBOLIZE=none \
	LIBLOCKDEP_EXITCODE=0 \
	LIBLOCKDEP_ABORT=1 LIBLOCKDEP_SUMMARY=1 LIBLOCKDEP_CLASSES=bogus "$every"; do
	# shellcheck disable=SC2086 # one word per variable
	run on $vars
	[ "$status" = 66 ] || fail "default on, $vars: exit status $status, expected 66"
	grep -qxF "$headline" "$out/err" || fail "default on, $vars: no report on stderr"
	[ "$(grep -cxF "$note" "$out/err")" = 1 ] || fail "default on, $vars: not one '$note'"
	grep -qF 'secure-execution process: no dump written' "$out/err" ||
		fail "default on, $vars: liblockdep_dump() did not say why it wrote nothing"
	! grep -q 'liblockdep: [0-9]* report\|not valid\|not a liblockdep variable' "$out/err" ||
		fail "default on, $vars: a variable was obeyed"
	# No address: a lock's is zeros, code is a symbol and an offset (and its line).
	grep -qx "0000000000000000 (first){.*}-{.*}, at: main+0x[0-9a-f]* ($out/prog.c:$first_line)" "$out/err" ||
		fail "default on, $vars: the lock first not shown without its address, at its line"
	! grep -Eq '^ *[0-9a-f]*[1-9a-f][0-9a-f]* \(|(^|[^+])0x[0-9a-f]' "$out/err" ||
		fail "default on, $vars: an address printed"
	nothing_written "default on, $vars"

	# shellcheck disable=SC2086
	run off $vars
	[ "$status" = 0 ] || fail "DEFAULT_OFF, $vars: exit status $status, expected 0"
	[ "$(cat "$out/err")" = 'liblockdep: secure-execution process: no dump written' ] ||
		fail "DEFAULT_OFF, $vars: checking did not stay off"
	nothing_written "DEFAULT_OFF, $vars"
done
