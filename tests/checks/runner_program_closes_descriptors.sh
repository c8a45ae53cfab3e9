# A server closes every descriptor above 2 as it starts (varnishd calls
# close_range(3, ~0U, 0)), the runner's record and the standard error kept for the
# summary with them, and its own files may take their numbers (1000 and up once it
# has many). The runner's process then never writes, reads or closes those numbers:
# the program's data file ends as it does plain (before, it got the summary line,
# and a forked child lost the descriptor: liblockdep closed it as the runner's), and
# the run ends with a line that says the summary is lost, on standard error, still
# the same file. A report of the program's own still makes the status 66.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/closes.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#define main abba_main
#include "abba_one_thread.c"
#undef main

int main(int argc, char **argv)
{
	int fd;

	close_range(3, ~0U, 0);
	while (open("/dev/null", O_RDONLY) < 1000)
		;
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd != 1001 || write(fd, "parent\n", 7) != 7)
		return 1;
	if (fork() == 0)
		_exit(write(fd, "child\n", 6) != 6);
	wait(NULL);
	if (argc > 2)
		abba_main();
	return 0;
}
C
$cc -O2 -pthread -Itests/scenarios -o "$out/closes" "$out/closes.c"
lost='lockdep: no summary: the program closed descriptor 1000, where its processes noted what they checked'

status=0
./lockdep "$out/closes" "$out/data" 2> "$out/err" || status=$?
[ "$status" -eq 0 ] || { echo "a clean run exited $status: $(cat "$out/err")"; exit 1; }
[ "$(cat "$out/data")" = "parent
child" ] || { echo "the program's file holds: $(cat "$out/data")"; exit 1; }
[ "$(cat "$out/err")" = "$lost" ] || { echo "standard error: $(cat "$out/err")"; exit 1; }

status=0
./lockdep "$out/closes" "$out/data" abba 2> "$out/err" || status=$?
[ "$status" -eq 66 ] || { echo "a report of its own, then exit $status"; exit 1; }
grep -qx 'WARNING: possible circular locking dependency detected' "$out/err"
[ "$(tail -n 1 "$out/err")" = "$lost" ] || { echo "last line: $(tail -n 1 "$out/err")"; exit 1; }
[ "$(cat "$out/data")" = "parent
child" ] || { echo "the program's file holds: $(cat "$out/data")"; exit 1; }
