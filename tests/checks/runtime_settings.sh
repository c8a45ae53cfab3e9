# Every LIBLOCKDEP_* variable, with good and bad values: a bad value is one line on
# stderr naming the variable and what it accepts, and the default applies.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
demo=$out/demo
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$build/liblockdep.o" -o "$demo"
$cc -O1 -g -DLIBLOCKDEP -DLIBLOCKDEP_DEFAULT_OFF -c liblockdep.c -o "$out/off.o"
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$out/off.o" -o "$out/demo-off"
headline='WARNING: possible circular locking dependency detected'

# run VAR=VALUE...: runs the demo with those settings; $status, $out/err set.
run() {
	set +e
	env "$@" "$demo" > /dev/null 2> "$out/err"
	status=$?
	set -e
}
expect() { [ "$status" = "$1" ] || { echo "$2: exit status $status, expected $1"; cat "$out/err"; exit 1; }; }
has() { grep -qF -- "$1" "$out/err" || { echo "$2: no '$1' in:"; cat "$out/err"; exit 1; }; }
lacks() { ! grep -qF -- "$1" "$out/err" || { echo "$2: unexpected '$1' in:"; cat "$out/err"; exit 1; }; }

run;                      expect 66 default;        has "$headline" default
run LIBLOCKDEP=0;         expect 0 off;             [ ! -s "$out/err" ] || { echo "LIBLOCKDEP=0 printed"; exit 1; }
run LIBLOCKDEP=1;         expect 66 on;             has "$headline" on
run LIBLOCKDEP=yes;       expect 66 bad-on;         has 'liblockdep: LIBLOCKDEP="yes" is not valid (accepted: 0 or 1); using the default' bad-on

set +e; "$out/demo-off" > /dev/null 2> "$out/err"; status=$?; set -e
expect 0 default-off;     [ ! -s "$out/err" ] || { echo "DEFAULT_OFF build printed"; exit 1; }
set +e; LIBLOCKDEP=1 "$out/demo-off" > /dev/null 2> "$out/err"; status=$?; set -e
expect 66 default-off-enabled; has "$headline" default-off-enabled

run LIBLOCKDEP_EXITCODE=0;   expect 0 exitcode-0;   has "$headline" exitcode-0
run LIBLOCKDEP_EXITCODE=7;   expect 7 exitcode-7
run LIBLOCKDEP_EXITCODE=300; expect 66 exitcode-bad; has 'LIBLOCKDEP_EXITCODE="300" is not valid (accepted: a number from 0 to 255)' exitcode-bad

run LIBLOCKDEP_LOG="$out/log.%p"; expect 66 log
[ ! -s "$out/err" ] || { echo "LIBLOCKDEP_LOG: stderr not empty"; cat "$out/err"; exit 1; }
log=$(ls "$out"/log.*)
grep -qF "$headline" "$log" || { echo "LIBLOCKDEP_LOG: no report in $log"; exit 1; }
pid=${log##*.}
grep -q "pid $pid (demo)" "$log" || { echo "LIBLOCKDEP_LOG: %p is not the reporting pid"; exit 1; }
[ "$(stat -c %a "$log")" = 600 ] || { echo "LIBLOCKDEP_LOG: $log created $(stat -c %a "$log"), not 600"; exit 1; }
run LIBLOCKDEP_LOG=/nonexistent/dir/log; expect 66 log-bad
has 'LIBLOCKDEP_LOG="/nonexistent/dir/log": cannot open /nonexistent/dir/log' log-bad; has "$headline" log-bad

run LIBLOCKDEP_ABORT=1;   expect 134 abort;         has "$headline" abort
run LIBLOCKDEP_ABORT=2;   expect 66 abort-bad;      has 'LIBLOCKDEP_ABORT="2" is not valid (accepted: 0 or 1)' abort-bad

run LIBLOCKDEP_SUMMARY=1; expect 66 summary
# The demo's two locks and its two threads' life maps (src/thread_join.c), each before the lock it takes;
# and the reported cycle's last dependency, kept (src/kept_dependencies.c): 4, two entries each.
has 'liblockdep: 1 report, 4 lock classes, 8 direct dependencies, ' summary
run LIBLOCKDEP_SUMMARY=on; expect 66 summary-bad;   lacks 'liblockdep: 1 report,' summary-bad
has 'LIBLOCKDEP_SUMMARY="on" is not valid (accepted: 0 or 1)' summary-bad

run;                                 expect 66 symbolize-default
has 'transfer+0x' symbolize-default; has 'examples/demo.c:' symbolize-default
run LIBLOCKDEP_SYMBOLIZE=builtin;    expect 66 symbolize-builtin
has 'transfer+0x' symbolize-builtin; has 'examples/demo.c:' symbolize-builtin
run LIBLOCKDEP_SYMBOLIZE=none;       expect 66 symbolize-none
has 'transfer+0x' symbolize-none; lacks 'examples/demo.c:' symbolize-none
run LIBLOCKDEP_SYMBOLIZE=addr2line; expect 66 symbolize
has 'transfer+0x' symbolize; has 'examples/demo.c:' symbolize
# Not the addr2line first in PATH: the one in /usr/bin.
mkdir "$out/bin"
printf '#!/bin/sh\ntouch "%s/impostor-ran"\necho impostor.c:1\n' "$out" > "$out/bin/addr2line"
chmod 755 "$out/bin/addr2line"
run LIBLOCKDEP_SYMBOLIZE=addr2line PATH="$out/bin:$PATH"; expect 66 symbolize-path
has 'examples/demo.c:' symbolize-path; lacks 'impostor.c' symbolize-path
[ ! -e "$out/impostor-ran" ] || { echo "LIBLOCKDEP_SYMBOLIZE ran the addr2line found in PATH"; exit 1; }
# The built-in reader runs no addr2line at all.
run PATH="$out/bin:$PATH"; expect 66 symbolize-builtin-path
has 'examples/demo.c:' symbolize-builtin-path; lacks 'impostor.c' symbolize-builtin-path
[ ! -e "$out/impostor-ran" ] || { echo "the built-in file:line ran an addr2line"; exit 1; }
run LIBLOCKDEP_SYMBOLIZE=gdb; expect 66 symbolize-bad
has 'LIBLOCKDEP_SYMBOLIZE="gdb" is not valid (accepted: builtin, addr2line or none)' symbolize-bad

mkdir "$out/dump"
run LIBLOCKDEP_DUMP="$out/dump"; expect 66 dump
for f in lockdep lockdep_chains lockdep_stats lockdep.dot; do
	[ -s "$out/dump/$f" ] || { echo "LIBLOCKDEP_DUMP: no $f"; exit 1; }
done
in_dump() { grep -q -- "$2" "$out/dump/$1" || { echo "LIBLOCKDEP_DUMP: no '$2' in $1:"; cat "$out/dump/$1"; exit 1; }; }
in_dump lockdep ': accounts_lock$'
in_dump lockdep '-> \[.*\] audit_log_lock$'
# The demo's two locks and its two threads' life maps.
in_dump lockdep_stats '^ lock-classes: *4 \[max: 8192\]$'
in_dump lockdep_chains 'accounts_lock'
# The graph names every class of the run and highlights the reported cycle.
for class in accounts_lock audit_log_lock; do
	grep -q "^	\"$class\";" "$out/dump/lockdep.dot" || { echo "lockdep.dot: no node $class"; exit 1; }
done
in_dump lockdep.dot '"accounts_lock" -> "audit_log_lock" \[color=red'
# The closing edge too, as a dependency of the graph (src/kept_dependencies.c), not dashed.
in_dump lockdep.dot '"audit_log_lock" -> "accounts_lock" \[color=red, penwidth=3\];$'
if command -v dot > /dev/null; then
	dot -Tsvg "$out/dump/lockdep.dot" -o "$out/graph.svg"
	grep -q '<svg' "$out/graph.svg"
fi
run LIBLOCKDEP_DUMP=/nonexistent/dir; expect 66 dump-bad
has 'liblockdep: LIBLOCKDEP_DUMP: cannot open directory /nonexistent/dir: No such file or directory; nothing written' dump-bad

run LIBLOCKDEP_CLASSES=instance; expect 66 classes-instance; has "$headline" classes-instance
run LIBLOCKDEP_CLASSES=object; expect 66 classes-bad
has 'LIBLOCKDEP_CLASSES="object" is not valid (accepted: site, stack or instance)' classes-bad

# LIBLOCKDEP_LOG is opened at the first report: a correct program creates no file and
# is not held up by a FIFO that nobody reads; with a report, such a FIFO is an error
# line and the report goes to stderr; a FIFO with a reader gets the report.
cat > "$out/correct.c" <<'C'
#include <pthread.h>
int main(void)
{
	static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_mutex_lock(&m);
	return pthread_mutex_unlock(&m);
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/correct.c" "$build/liblockdep.o" -o "$out/correct"
set +e; LIBLOCKDEP_LOG="$out/quiet.log" "$out/correct" 2> "$out/err"; status=$?; set -e
expect 0 log-correct; [ ! -e "$out/quiet.log" ] && [ ! -s "$out/err" ] ||
	{ echo "LIBLOCKDEP_LOG: a correct program created its log or printed"; exit 1; }
mkfifo "$out/fifo"
set +e; LIBLOCKDEP_LOG="$out/fifo" timeout 20 "$out/correct" 2> "$out/err"; status=$?; set -e
expect 0 log-fifo-correct
run LIBLOCKDEP_LOG="$out/fifo"; expect 66 log-fifo-no-reader
has "LIBLOCKDEP_LOG=\"$out/fifo\": cannot open $out/fifo: it is a FIFO with no reader; reports go to stderr" log-fifo-no-reader
has "$headline" log-fifo-no-reader
cat "$out/fifo" > "$out/fifo.read" &
reader=$!
run LIBLOCKDEP_LOG="$out/fifo"; expect 66 log-fifo
wait "$reader"
grep -qF "$headline" "$out/fifo.read" || { echo "LIBLOCKDEP_LOG: no report through the FIFO"; exit 1; }

# A name longer than PATH_MAX is an error line, and nothing is opened: not the name cut
# short ($out/log here, with the ./ padding), which is what fit once.
pad=$(awk -v n=$(( (4080 - 3 - ${#out} - 1) / 2 )) 'BEGIN { for (i = 0; i < n; i++) printf "./" }')
[ $(( (4080 - 3 - ${#out} - 1) % 2 )) = 0 ] || pad=/$pad
long="$out/$pad"log$(awk 'BEGIN { for (i = 0; i < 100; i++) printf "-tail" }')
run LIBLOCKDEP_LOG="$long"; expect 66 log-too-long
has "longer than PATH_MAX (4096 bytes); reports go to stderr" log-too-long; has "$headline" log-too-long
[ ! -e "$out/log" ] || { echo "LIBLOCKDEP_LOG: a name longer than PATH_MAX was cut and opened"; exit 1; }

# %p and fork() without exec: the child's report goes to the child's file, the
# parent's to the parent's, opened before the fork.
cat > "$out/fork.c" <<'C'
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static void invert(pthread_mutex_t *a, pthread_mutex_t *b)
{
	pthread_mutex_lock(a);
	pthread_mutex_lock(b);
	pthread_mutex_unlock(b);
	pthread_mutex_unlock(a);
	pthread_mutex_lock(b);
	pthread_mutex_lock(a);
	pthread_mutex_unlock(a);
	pthread_mutex_unlock(b);
}

int main(void)
{
	static pthread_mutex_t parent_a = PTHREAD_MUTEX_INITIALIZER, parent_b = PTHREAD_MUTEX_INITIALIZER;
	static pthread_mutex_t child_a = PTHREAD_MUTEX_INITIALIZER, child_b = PTHREAD_MUTEX_INITIALIZER;
	pid_t child;

	invert(&parent_a, &parent_b);
	child = fork();
	if (child == 0) {
		invert(&child_a, &child_b);
		return 0;
	}
	waitpid(child, NULL, 0);
	return 0;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/fork.c" "$build/liblockdep.o" -o "$out/fork"
mkdir "$out/forklogs"
set +e; LIBLOCKDEP_LOG="$out/forklogs/%p.log" "$out/fork" 2> "$out/err"; status=$?; set -e
expect 66 log-fork
[ "$(ls "$out/forklogs" | wc -l)" = 2 ] || { echo "LIBLOCKDEP_LOG with fork: files $(ls "$out/forklogs")"; exit 1; }
for log in "$out"/forklogs/*.log; do
	pid=$(basename "$log" .log)
	[ "$(grep -c "$headline" "$log")" = 1 ] && grep -q "pid $pid (fork)" "$log" ||
		{ echo "LIBLOCKDEP_LOG with fork: $log is not one report of pid $pid:"; cat "$log"; exit 1; }
done
