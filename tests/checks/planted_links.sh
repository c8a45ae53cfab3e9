# The classic temp-file attack on the files liblockdep writes: in a sticky world-
# writable directory, another user plants symbolic links named as the log, the JSON
# and SARIF files and every dump file, a hard link, a file of their own, a link as the
# dump directory itself, and links as a directory above every output. liblockdep writes through none of them: each is one error line naming it,
# the files they point at keep their bytes, and the report still reaches stderr.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$build/liblockdep.o" \
	-o "$out/demo"
$cc -O1 -g -pthread examples/demo.c -o "$out/demo-plain"
preload=$(cd "$build" && pwd)/liblockdep.so
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
	env "$@" "$out/${prog:-demo}" > /dev/null 2> "$out/err"
	status=$?
	set -e
	[ "$status" = "${want_status:-66}" ] || fail "$*: exit status $status, expected ${want_status:-66}"
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

# Links above the file: another user plants a link to a directory of ours as a
# directory of each output's path, first below the shared directory ($shared/up), and
# below a directory of their own ($shared/mid/down, which they may write to alone),
# named by absolute and by relative path. Every output (the log, JSON, SARIF, the dump
# directory, the graph file and its lock file) is refused there:
# the directory's files keep their bytes, and none is created in it.
mkdir "$out/tree"
for f in log json sarif graph; do
	echo "the bytes of $f, which must stay" > "$out/tree/$f"
done
mkdir "$out/tree/dump"
for f in $dump_files; do
	echo "the bytes of $f, which must stay" > "$out/tree/dump/$f"
done
cp -R "$out/tree" "$out/tree-original"
$plant ln -s "$out/tree" "$shared/up"
if [ -n "$plant" ]; then
	$plant mkdir -m 755 "$shared/mid"
else
	mkdir -m 777 "$shared/mid"
fi
$plant ln -s "$out/tree" "$shared/mid/down"
tree_untouched() {
	diff -r "$out/tree" "$out/tree-original" > /dev/null || fail "$1: $out/tree was written"
}
# The SARIF log and the graph file are named by an absolute path only (a relative
# one is refused before any open). Drop-in, then preloaded into the program built plain.
for flavour in "" "LD_PRELOAD=$preload"; do
	prog=${flavour:+demo-plain}
	for at in "$shared/up" "$shared/mid/down" up mid/down; do
		case $at in
		/*) cwd=. absolute="LIBLOCKDEP_SARIF=$at/sarif LIBLOCKDEP_GRAPH=$at/graph" ;;
		*) cwd=$shared absolute= ;;
		esac
		# shellcheck disable=SC2086 # one word per variable
		(cd "$cwd" && run $flavour LIBLOCKDEP_LOG="$at/log" \
			LIBLOCKDEP_JSON="$at/json" LIBLOCKDEP_DUMP="$at/dump" $absolute)
		tree_untouched "$flavour: a link planted as a directory of $at"
		link="a directory on its path is a symbolic link, not followed"
		has "liblockdep: LIBLOCKDEP_LOG=\"$at/log\": cannot open $at/log: $link; reports go to stderr"
		has "liblockdep: LIBLOCKDEP_JSON=\"$at/json\": cannot open $at/json: $link; no JSON written"
		has "liblockdep: LIBLOCKDEP_DUMP: cannot open directory $at/dump: $link; nothing written"
		[ -z "$absolute" ] || {
			has "liblockdep: LIBLOCKDEP_SARIF=\"$at/sarif\": cannot open $at/sarif: $link; no SARIF written"
			grep -qF "liblockdep: LIBLOCKDEP_GRAPH=$at/graph: $at/graph.lock: $link" "$out/err" ||
				fail "$at: the graph's lock file was not refused"
		}
	done
done
prog=

# A link that only we (or root) could have made, in a directory nobody else may
# write to, is followed, as /var/run -> /run is: the log goes where it points.
ln -s "$out/tree" "$out/own-link"
LIBLOCKDEP_LOG="$out/own-link/new.log" "$out/demo" > /dev/null 2> "$out/err" || :
grep -qxF "$headline" "$out/tree/new.log" || fail "a link of our own as a directory: no log written"
rm "$out/tree/new.log"

# What is ours is written: an earlier dump of our own is replaced, 0600 when new.
mkdir "$out/mine"
printf ' lock-classes: 1 [max: 8192]\nan old, longer dump of our own\n' > "$out/mine/lockdep_stats"
run LIBLOCKDEP_DUMP="$out/mine"
! grep -qF LIBLOCKDEP_DUMP "$out/err" || fail "own dump directory: errors"
grep -q '^ lock-classes: ' "$out/mine/lockdep_stats" && ! grep -q 'longer' "$out/mine/lockdep_stats" ||
	fail "own dump directory: lockdep_stats not rewritten"
[ "$(stat -c %a "$out/mine/lockdep")" = 600 ] || fail "dump file created $(stat -c %a "$out/mine/lockdep")"
