# Under ./lockdep a harness's children are its tests: a process that printed a report
# exits with LIBLOCKDEP_EXITCODE, as a test built with a sanitizer does, so the
# harness fails that test (ctest marked it Passed and said "100% tests passed"), and
# the runner's summary names the test's program and where its report went (ctest
# reads it from a pipe). A process that reported nothing keeps its own status, a
# forked child too when its parent reported; LIBLOCKDEP_EXITCODE=0 keeps every
# status. Both flavours (a plain program preloaded, a drop-in one) under a shell;
# ctest with the plain ones.
set -eu
cc=${CC:-cc}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; [ -z "${2:-}" ] || head -c 3000 "$2"; exit 1; }
$cc -O2 -pthread tests/projects/abba.c -o "$out/abba"
$cc -O2 -pthread -DFIXED tests/projects/abba.c -o "$out/clean"
$cc -O2 -pthread -DLIBLOCKDEP -include liblockdep.h tests/projects/abba.c liblockdep.c \
	-o "$out/abba-dropin"
# A process that reports, then forks a child that exits 5: the parent says what it saw.
cat > "$out/fork_after_report.c" <<'C'
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#define main abba_main
#include "abba_one_thread.c"
#undef main

int main(void)
{
	int status;
	pid_t pid;

	abba_main();
	pid = fork();
	if (pid == 0)
		_exit(5);
	waitpid(pid, &status, 0);
	printf("forked child exited %d\n", WEXITSTATUS(status));
	return 0;
}
C
$cc -O2 -pthread -Itests/scenarios "$out/fork_after_report.c" -o "$out/fork_after_report"
make -s preload > /dev/null 2>&1

for abba in abba abba-dropin; do
	status=0
	./lockdep sh -c '"$1" > /dev/null 2>&1; echo "test exited $?"; "$2"; echo "clean exited $?"' \
		sh "$out/$abba" "$out/clean" > "$out/said" 2> "$out/err" || status=$?
	[ "$(cat "$out/said")" = "test exited 66
balance 0
clean exited 0" ] || fail "$abba under a shell: the shell saw" "$out/said"
	[ $status -eq 66 ] || fail "$abba under a shell: the runner exited $status" "$out/err"
	grep -qx "lockdep: 3 processes checked, 5 lock classes, 1 report (circular) -- $abba, to /dev/null: WARNING: possible circular locking dependency detected" "$out/err" ||
		fail "$abba: the summary does not name the program" "$out/err"
done
status=0
LIBLOCKDEP_EXITCODE=0 ./lockdep sh -c '"$1" > /dev/null 2>&1; echo "test exited $?"' sh "$out/abba" \
	> "$out/said" 2> /dev/null || status=$?
[ "$(cat "$out/said")" = "test exited 0" ] && [ $status -eq 0 ] ||
	fail "LIBLOCKDEP_EXITCODE=0: exit $status, the shell saw" "$out/said"
./lockdep sh -c '"$1" 2> /dev/null; echo "reporter exited $?"' sh "$out/fork_after_report" \
	> "$out/said" 2> /dev/null || true
[ "$(cat "$out/said")" = "forked child exited 5
reporter exited 66" ] || fail "a child forked after a report: the processes saw" "$out/said"

if ! command -v cmake > /dev/null || ! command -v ctest > /dev/null; then
	echo "SKIP runner_reporting_test_fails: needs cmake (the ctest part not run)"
	exit 0
fi
mkdir "$out/project"
cp tests/projects/abba.c "$out/project"
cat > "$out/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.15)
project(harness C)
find_package(Threads REQUIRED)
enable_testing()
add_executable(test_ledger abba.c)
add_executable(test_clean abba.c)
target_compile_definitions(test_clean PRIVATE FIXED)
target_link_libraries(test_ledger Threads::Threads)
target_link_libraries(test_clean Threads::Threads)
add_test(NAME ledger COMMAND test_ledger)
add_test(NAME clean COMMAND test_clean)
CMAKE
{ cmake -S "$out/project" -B "$out/build" && cmake --build "$out/build"; } > "$out/cmake.log" 2>&1 ||
	fail "the project does not build" "$out/cmake.log"
status=0
(cd "$out/build" && "$top/lockdep" ctest) > "$out/ctest.out" 2> "$out/ctest.err" || status=$?
[ $status -eq 66 ] || fail "ctest under ./lockdep exited $status" "$out/ctest.err"
grep -q 'ledger .*Failed' "$out/ctest.out" && grep -q 'clean .*Passed' "$out/ctest.out" &&
	grep -q '^50% tests passed, 1 tests failed out of 2' "$out/ctest.out" ||
	fail "ctest did not fail the test that reported" "$out/ctest.out"
tail -n 1 "$out/ctest.err" | grep -q -- '-- test_ledger, to a pipe: WARNING: possible circular locking dependency detected$' ||
	fail "the summary does not name the test" "$out/ctest.err"
