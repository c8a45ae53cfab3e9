# With LIBLOCKDEP_LOG and LIBLOCKDEP_SUMMARY=1, a process that reports nothing
# creates no log file (settings.md: the file is opened at the first report); it
# made one per process holding only its totals. Those go to stderr then; a process
# that reported ends its own log with them. Both flavours.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread -DFIXED tests/projects/abba.c liblockdep.c \
	-o "$out/clean"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread tests/projects/abba.c liblockdep.c \
	-o "$out/abba"
$cc -O2 -pthread -DFIXED tests/projects/abba.c -o "$out/clean-plain"
$cc -O2 -pthread tests/projects/abba.c -o "$out/abba-plain"
make -s preload > /dev/null 2>&1
totals='^liblockdep: [0-9]* reports*, [0-9]* lock classes, '
for flavour in drop-in preload; do
	clean=$out/clean abba=$out/abba
	[ $flavour = preload ] && clean="env LD_PRELOAD=$(pwd)/build/liblockdep.so $out/clean-plain" &&
		abba="env LD_PRELOAD=$(pwd)/build/liblockdep.so $out/abba-plain"
	mkdir "$out/$flavour"
	LIBLOCKDEP_LOG=$out/$flavour/log.%p LIBLOCKDEP_SUMMARY=1 $clean > /dev/null 2> "$out/err"
	[ -z "$(ls "$out/$flavour")" ] ||
		{ echo "$flavour: a clean process made a log: $(cat "$out/$flavour"/*)"; exit 1; }
	grep -q "$totals" "$out/err" || { echo "$flavour: no totals on stderr: $(cat "$out/err")"; exit 1; }
	LIBLOCKDEP_LOG=$out/$flavour/log.%p LIBLOCKDEP_SUMMARY=1 LIBLOCKDEP_EXITCODE=0 $abba \
		> /dev/null 2> "$out/err"
	[ "$(ls "$out/$flavour" | wc -l)" -eq 1 ] && grep -q '^WARNING: possible circular' "$out/$flavour"/* &&
		grep -q "$totals" "$out/$flavour"/* ||
		{ echo "$flavour: the reporting process's log: $(cat "$out/$flavour"/*)"; exit 1; }
	! grep -q "$totals" "$out/err" || { echo "$flavour: totals on stderr too"; exit 1; }
done
