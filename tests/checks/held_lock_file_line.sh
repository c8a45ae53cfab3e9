# A held lock's line ends with the file:line of its acquisition, as each frame of a
# trace does, from the line tables by default and with LIBLOCKDEP_SYMBOLIZE=addr2line:
# it printed only "at: bank::Ledger::audit()+0x17", though the page says addr2line
# adds file:line. Both flavours; with LIBLOCKDEP_SYMBOLIZE=none the line is as it
# was, with no file:line.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ -x /usr/bin/addr2line ] || [ -x /bin/addr2line ] ||
	{ echo "SKIP held_lock_file_line: needs addr2line (binutils)"; exit 0; }
src=tests/scenarios/abba_two_threads.c
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread $src liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread $src -o "$out/plain"
make -s preload > /dev/null 2>&1
for prog in "$out/drop-in" "tests/lockdep_summary_stripped $out/plain"; do
	for symbolize in addr2line builtin; do
		LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=$symbolize $prog 2> "$out/err"
		grep ', at: ' "$out/err" > "$out/held" ||
			{ echo "$prog $symbolize: no held lock line:"; cat "$out/err"; exit 1; }
		if grep -v ', at: [^ ]*+0x[0-9a-f]* (/[^ ]*abba_two_threads\.c:[0-9]*)$' "$out/held"; then
			echo "$prog $symbolize: a held lock's line without the file:line of its acquisition"
			exit 1
		fi
	done
	LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=none $prog 2> "$out/err"
	grep -q ', at: ' "$out/err" || { echo "$prog none: no held lock line:"; cat "$out/err"; exit 1; }
	if grep ', at: ' "$out/err" | grep -v ', at: [^ ]*+0x[0-9a-f]*$'; then
		echo "$prog: with LIBLOCKDEP_SYMBOLIZE=none, a held lock's line is not as it was"
		exit 1
	fi
done
