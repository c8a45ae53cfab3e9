# Every report that reaches stderr reaches the SARIF log and the JSON file too, in
# both flavours: with LIBLOCKDEP_ABORT=1 (the log is written before abort()), and
# when another thread would report while the process exits (after liblockdep's last
# step, with main still flushing stdout into a slow pipe): that report waits for the
# end, it is not printed to stderr alone.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/late_report.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#define main abba_main
#include "abba_one_thread.c"
#undef main

static int go[2];

/* Waits for the program's exit, then takes two locks both ways round. */
static void *late_reporter(void *arg)
{
	char byte;

	(void)arg;
	if (read(go[0], &byte, 1) == 1) {
		usleep(200 * 1000);
		abba_main();
	}
	return NULL;
}

static void start_late_reporter(void)
{
	if (write(go[1], "", 1) != 1)
		abort();
}

int main(void)
{
	static char buffer[1 << 20], text[256 * 1024];
	pthread_t thread;

	setvbuf(stdout, buffer, _IOFBF, sizeof(buffer));
	memset(text, 'x', sizeof(text));
	fwrite(text, 1, sizeof(text), stdout);	/* flushed at the very end of exit */
	if (pipe(go) || pthread_create(&thread, NULL, late_reporter, NULL))
		return 1;
	atexit(start_late_reporter);
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread -Itests/scenarios "$out/late_report.c" \
	"$build/liblockdep.o" -o "$out/late-dropin"
$cc -O2 -g -pthread -Itests/scenarios "$out/late_report.c" -o "$out/late-plain"
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread tests/scenarios/abba_one_thread.c \
	"$build/liblockdep.o" -o "$out/abba-dropin"
$cc -O2 -g -pthread tests/scenarios/abba_one_thread.c -o "$out/abba-plain"

# Reports on stderr, results in the SARIF log, reports in the JSON file: all equal.
same_everywhere() {
	python3 - "$out/err" "$out/sarif" "$out/json" "$1" <<'PY'
import json, os, sys
err, sarif, js, case = sys.argv[1:]
text = open(err).read().splitlines()
printed = sum(1 for i, line in enumerate(text) if i and text[i - 1].startswith("=====") and line)
results = len(json.load(open(sarif))["runs"][0]["results"]) if os.path.exists(sarif) else "no log"
records = sum(1 for line in open(js) if '"fingerprint"' in line) if os.path.exists(js) else 0
if not (printed == results == records):
    sys.exit("%s: %s reports on stderr, %s SARIF results, %s JSON reports"
             % (case, printed, results, records))
PY
}

for flavour in dropin preload; do
	preload=
	[ "$flavour" = preload ] && preload=$build/liblockdep.so
	prog=$out/abba-$flavour
	[ "$flavour" = preload ] && prog=$out/abba-plain
	rm -f "$out/sarif" "$out/json"
	(ulimit -c 0; LD_PRELOAD=$preload LIBLOCKDEP_ABORT=1 LIBLOCKDEP_SARIF="$out/sarif" \
		LIBLOCKDEP_JSON="$out/json" "$prog" 2> "$out/err" || true) 2> /dev/null
	grep -q '^WARNING: possible circular locking dependency detected$' "$out/err" ||
		{ echo "$flavour, LIBLOCKDEP_ABORT=1: no report"; exit 1; }
	same_everywhere "$flavour, LIBLOCKDEP_ABORT=1"

	prog=$out/late-$flavour
	[ "$flavour" = preload ] && prog=$out/late-plain
	rm -f "$out/sarif" "$out/json"
	LD_PRELOAD=$preload LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/sarif" \
		LIBLOCKDEP_JSON="$out/json" "$prog" 2> "$out/err" | { sleep 1; wc -c > "$out/bytes"; }
	[ "$(cat "$out/bytes")" -eq 262144 ] ||
		{ echo "$flavour: the program's output was cut: $(cat "$out/bytes") bytes"; exit 1; }
	same_everywhere "$flavour, a report while the process exits"
done
