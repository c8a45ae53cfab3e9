# The classic temp-file attack on the files liblockdep writes: in a sticky world-
# writable directory, another user plants symbolic links named as the log, the JSON
# and SARIF files and every dump file, a hard link, a file of their own, and a link as the dump directory
# itself. liblockdep writes through none of them: each is one error line naming it,
# the files they point at keep their bytes, and the report still reaches stderr.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$build/liblockdep.o" \
	-o "$out/demo"
headline='WARNING: possible circular locking dependency detected'
shared=$out/shared
mkdir -m 1777 "$shared" "$out/victims"
dump_files='lockdep lockdep_chains lockdep_stats lockdep.dot'
for f in log json sarif $dump_files; do
	echo "the bytes of $f, which must stay" > "$out/victims/$f"
done
cp -R "$out/victims" "$out/original"
# Planted by another user where this machine has one to plant as.
plant=
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
	chmod 755 "$out"
	plant="setpriv --reuid=nobody --regid=nogroup --clear-groups"
fi
for f in log json sarif; do
	$plant ln -s "$out/victims/$f" "$shared/$f"
done
$plant ln -s "$out/victims" "$shared/dump-link"
$plant mkdir -m 777 "$shared/dump"
for f in lockdep lockdep_chains; do
	$plant ln -s "$out/victims/$f" "$shared/dump/$f"
done
# A hard link to one of our own files, and (as another user) a file of theirs.
ln "$out/victims/lockdep_stats" "$shared/dump/lockdep_stats"
if [ -n "$plant" ]; then
	$plant sh -c "echo planted > '$shared/dump/lockdep.dot'"
else
	ln -s "$out/victims/lockdep.dot" "$shared/dump/lockdep.dot"
fi

fail() { echo "$1"; cat "$out/err"; exit 1; }
has() { grep -qxF -- "$1" "$out/err" || fail "no line '$1' in:"; }
untouched() {
	for f in log json sarif $dump_files; do
		cmp -s "$out/victims/$f" "$out/original/$f" || fail "$1: $out/victims/$f was written"
	done
	[ "$(ls "$out/victims")" = "$(ls "$out/original")" ] || fail "$1: files created in victims/"
}
run() {
	set +e
	env "$@" "$out/demo" > /dev/null 2> "$out/err"
	status=$?
	set -e
	[ "$status" = 66 ] || fail "$*: exit status $status, expected 66"
	grep -qxF "$headline" "$out/err" || fail "$*: no report on stderr"
}

run LIBLOCKDEP_LOG="$shared/log" LIBLOCKDEP_JSON="$shared/json" LIBLOCKDEP_SARIF="$shared/sarif" \
	LIBLOCKDEP_DUMP="$shared/dump"
untouched "links planted as the log, the JSON and SARIF files and the dump files"
has "liblockdep: LIBLOCKDEP_LOG=\"$shared/log\": cannot open $shared/log: it is a symbolic link, not followed; reports go to stderr"
has "liblockdep: LIBLOCKDEP_JSON=\"$shared/json\": cannot open $shared/json: it is a symbolic link, not followed; no JSON written"
has "liblockdep: LIBLOCKDEP_SARIF=\"$shared/sarif\": cannot open $shared/sarif: it is a symbolic link, not followed; no SARIF written"
for f in lockdep lockdep_chains; do
	has "liblockdep: LIBLOCKDEP_DUMP: cannot write $shared/dump/$f: it is a symbolic link, not followed"
done
has "liblockdep: LIBLOCKDEP_DUMP: cannot write $shared/dump/lockdep_stats: it has another hard link"
if [ -n "$plant" ]; then
	has "liblockdep: LIBLOCKDEP_DUMP: cannot write $shared/dump/lockdep.dot: it is owned by another user"
	[ "$(cat "$shared/dump/lockdep.dot")" = planted ] || fail "another user's lockdep.dot was written"
fi

for dir in "$shared/dump-link" "$shared/dump-link/"; do
	run LIBLOCKDEP_DUMP="$dir"
	untouched "a link planted as the dump directory ($dir)"
	has "liblockdep: LIBLOCKDEP_DUMP: cannot open directory $shared/dump-link: it is a symbolic link, not followed; nothing written"
done

# What is ours is written: a dump file of our own is replaced, 0600 when new.
mkdir "$out/mine"
echo "an old, longer dump of our own" > "$out/mine/lockdep_stats"
run LIBLOCKDEP_DUMP="$out/mine"
! grep -qF LIBLOCKDEP_DUMP "$out/err" || fail "own dump directory: errors"
grep -q '^ lock-classes: ' "$out/mine/lockdep_stats" && ! grep -q 'longer' "$out/mine/lockdep_stats" ||
	fail "own dump directory: lockdep_stats not rewritten"
[ "$(stat -c %a "$out/mine/lockdep")" = 600 ] || fail "dump file created $(stat -c %a "$out/mine/lockdep")"
