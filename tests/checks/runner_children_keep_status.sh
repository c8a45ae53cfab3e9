# Under ./lockdep every process of the tree that printed no report keeps its own exit
# status, so programs that check their children's statuses work as they do plain (a
# process that reported exits 66: tests/checks/runner_reporting_test_fails.sh); a
# report anywhere in the tree makes the runner's own status LIBLOCKDEP_EXITCODE (66),
# however the processes exec, and a
# program killed by a signal leaves the runner killed by the same signal.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O2 -pthread tests/scenarios/abba_two_threads.c -o "$out/abba"

# The child reports and exits 0: its parent sees 66, as from a sanitizer's test; the
# runner exits 66.
status=0
./lockdep sh -c '"$1" 2> /dev/null; echo "child exited $?"' sh "$out/abba" > "$out/said" ||
	status=$?
[ "$(cat "$out/said")" = "child exited 66" ] ||
	{ echo "the parent saw: $(cat "$out/said")"; exit 1; }
[ "$status" -eq 66 ] || { echo "the runner exited $status after a child's report"; exit 1; }
# However the processes exec: the runner's own process through env, a process that
# reports and then execs, a child that does.
export ABBA="$out/abba"
status=0
./lockdep env A=1 sh -c '"$ABBA" 2> /dev/null; exit 0' || status=$?
[ "$status" -eq 66 ] || { echo "the runner's process exec'd (env): exit $status"; exit 1; }
status=0
./lockdep sh -c 'exec sh -c '\''"$ABBA" 2> /dev/null; exit 0'\' || status=$?
[ "$status" -eq 66 ] || { echo "the runner's process exec'd (exec sh): exit $status"; exit 1; }
status=0
./lockdep sh -c '"$1" 2> /dev/null; exec /bin/true' sh "$out/abba" || status=$?
[ "$status" -eq 66 ] || { echo "a child's report, then exec: the runner exited $status"; exit 1; }
# The runner's process reports (abba_one_thread's main), then execs.
cat > "$out/report_then_exec.c" <<'C'
#include <unistd.h>
#define main abba_main
#include "abba_one_thread.c"
#undef main

int main(void)
{
	abba_main();
	execl("/bin/sh", "sh", "-c", "exit 0", (char *)0);
	return 1;
}
C
$cc -O2 -pthread -Itests/scenarios "$out/report_then_exec.c" -o "$out/report_then_exec"
status=0
./lockdep "$out/report_then_exec" 2> /dev/null || status=$?
[ "$status" -eq 66 ] || { echo "the runner's process reported, then exec'd: exit $status"; exit 1; }
# A process that becomes another user, as a server started as root does (mariadbd
# --user=mysql), can no longer open root's record: it is opened before the change.
# Both the runner's process and a child of it, unmodified or built with the drop-in
# (which the preloaded copy then leaves to check alone: one report, not two); the
# summary counts the report.
if [ "$(id -u)" -eq 0 ]; then
	cat > "$out/drop_user.c" <<'C'
#include <sys/wait.h>
#include <unistd.h>
#define main abba_main
#include "abba_two_threads.c"
#undef main

int main(int argc, char **argv)
{
	pid_t pid = argc > 1 ? fork() : 0;

	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			return 2;
		return abba_main();
	}
	waitpid(pid, NULL, 0);
	return 0;
}
C
	$cc -O2 -pthread -Itests/scenarios "$out/drop_user.c" -o "$out/drop_user"
	$cc -O2 -pthread -DLIBLOCKDEP -include liblockdep.h -Itests/scenarios "$out/drop_user.c" \
		liblockdep.c -o "$out/drop_user_dropin"
	for prog in drop_user drop_user_dropin; do
		for who in "" child; do
			status=0
			./lockdep "$out/$prog" $who 2> "$out/err" || status=$?
			[ "$status" -eq 66 ] && [ "$(grep -c '^WARNING: ' "$out/err")" -eq 1 ] &&
			grep -q '^lockdep: .*, 1 report (circular)' "$out/err" ||
				{ echo "$prog: ${who:-the runner's process} became another user and reported: exit $status, $(grep -c '^WARNING: ' "$out/err") reports, $(tail -n 1 "$out/err")"; exit 1; }
		done
	done
fi
# The file's descriptor is kept out of the programs' way: none but the runner's
# process holds it, and a descriptor the caller passes on stays the program's.
./lockdep sh -c 'ls -l /proc/self/fd' > "$out/fds"
if grep -q lockdep-reports "$out/fds"; then
	echo "a child holds the reports file: $(cat "$out/fds")"
	exit 1
fi
[ "$(./lockdep sh -c 'cat <&9' 9< "$out/fds" | wc -c)" -eq "$(wc -c < "$out/fds")" ] ||
	{ echo "descriptor 9 of the caller did not reach the program"; exit 1; }
# LIBLOCKDEP_EXITCODE chooses the runner's status; 0 keeps the program's.
status=0
LIBLOCKDEP_EXITCODE=9 ./lockdep "$out/abba" 2> /dev/null || status=$?
[ "$status" -eq 9 ] || { echo "LIBLOCKDEP_EXITCODE=9: the runner exited $status"; exit 1; }
status=0
LIBLOCKDEP_EXITCODE=0 ./lockdep sh -c '"$1" 2> /dev/null; exit 4' sh "$out/abba" || status=$?
[ "$status" -eq 4 ] || { echo "LIBLOCKDEP_EXITCODE=0: the runner exited $status"; exit 1; }
# No report: the program's status, whatever it is; nothing left behind, even by a
# program that dies of a signal.
status=0
TMPDIR=$out ./lockdep sh -c 'exit 7' || status=$?
[ "$status" -eq 7 ] || { echo "the program's 7 came back as $status"; exit 1; }
# (In a subshell that waits for it and keeps the shell's "Killed" to itself.)
(TMPDIR=$out ./lockdep sh -c '"$1" 2> /dev/null; kill -KILL $$' sh "$out/abba" || true) 2> /dev/null
[ -z "$(find "$out" -name 'lockdep-reports.*')" ] || { echo "the reports file stayed"; exit 1; }
# Killed by a signal: the runner too, by the same one (as its parent sees it).
cat > "$out/waitstatus.c" <<'C'
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int status;
	pid_t pid = fork();

	(void)argc;
	if (pid == 0) {
		execv(argv[1], argv + 1);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	if (WIFSIGNALED(status))
		printf("signal %d\n", WTERMSIG(status));
	else
		printf("exit %d\n", WEXITSTATUS(status));
	return 0;
}
C
$cc -O2 "$out/waitstatus.c" -o "$out/waitstatus"
"$out/waitstatus" ./lockdep /bin/sh -c 'kill -TERM $$' > "$out/said" 2> "$out/err"
[ "$(cat "$out/said")" = "signal 15" ] || { echo "after SIGTERM: $(cat "$out/said")"; exit 1; }
# ... and says nothing of it: a shell's "Terminated" is not the program's output.
[ ! -s "$out/err" ] || { echo "after SIGTERM, on stderr: $(cat "$out/err")"; exit 1; }
# A real program that checks its children: rsync's receiver and generator.
if command -v rsync > /dev/null; then
	mkdir -p "$out/src/sub" "$out/dst"
	for i in 1 2 3 4 5 6 7 8; do seq 1 $((i * 1000)) > "$out/src/sub/file$i"; done
	status=0
	./lockdep rsync -a "$out/src/" "$out/dst/" 2> "$out/rsync.err" || status=$?
	if grep -q 'rsync error' "$out/rsync.err" || ! diff -r "$out/src" "$out/dst" > /dev/null; then
		echo "rsync under ./lockdep (status $status): $(cat "$out/rsync.err")"
		exit 1
	fi
	[ "$status" -eq 0 ] || grep -q '^=====' "$out/rsync.err" ||
		{ echo "rsync under ./lockdep exited $status with no report"; exit 1; }
else
	echo "SKIP runner_children_keep_status: needs rsync (its part not run)"
fi
