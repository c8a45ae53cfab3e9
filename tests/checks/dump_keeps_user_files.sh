# The dump writes only where LIBLOCKDEP_DUMP says, and replaces nothing but its own
# earlier dumps. A checked program that calls liblockdep_dump() without
# LIBLOCKDEP_DUMP, run from the project's root, once replaced the ./lockdep runner
# with a class dump: now it writes nothing there and says so in one line. With
# LIBLOCKDEP_DUMP naming a directory that holds files of the user's with a dump's
# names (lockdep, lockdep_chains, lockdep_stats, lockdep.dot, lock_stat), each is kept,
# one line each, drop-in and preloaded; a dump of liblockdep's own there is replaced.
set -eu
cc=${CC:-cc}
build=$(cd "${BUILD:-build/tests}" && pwd)	# preloaded from another directory
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; cat "$out/err"; exit 1; }
cat > "$out/prog.c" <<'C'
#include <pthread.h>

static pthread_mutex_t only = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&only);
	pthread_mutex_unlock(&only);
#ifdef LIBLOCKDEP
	liblockdep_dump();
#endif
	return 0;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/prog.c" "$build/liblockdep.o" \
	-o "$out/drop-in"
$cc -O1 -g -pthread "$out/prog.c" -o "$out/plain"
dump_files='lockdep lockdep_chains lockdep_stats lockdep.dot lock_stat'

# The project's root, as a user has it: the runner script and files of theirs.
mkdir "$out/root"
printf '#!/bin/sh\necho the runner\n' > "$out/root/lockdep"
chmod 755 "$out/root/lockdep"
for f in lockdep_chains lockdep_stats lockdep.dot lock_stat; do
	echo "the user's own $f" > "$out/root/$f"
done
cp -Rp "$out/root" "$out/original"
kept() {
	diff -r "$out/root" "$out/original" > /dev/null || fail "$1: a file of the user's was replaced"
}

# run FLAVOUR VAR=VALUE...: from $out/root, status 0 expected.
run() {
	prog=$1
	shift
	if [ "$prog" = preload ]; then
		set -- LD_PRELOAD="$build/liblockdep.so" "$@"
		prog=plain
	fi
	(cd "$out/root" && env "$@" "$out/$prog" > /dev/null 2> "$out/err") ||
		fail "$prog $*: exit status $?"
}

run drop-in
kept "liblockdep_dump() without LIBLOCKDEP_DUMP"
[ "$(cat "$out/err")" = 'liblockdep: liblockdep_dump(): LIBLOCKDEP_DUMP is not set; nothing written' ] ||
	fail "liblockdep_dump() without LIBLOCKDEP_DUMP: not the one line that says so"

for flavour in drop-in preload; do
	run $flavour LIBLOCKDEP_DUMP=. LIBLOCKDEP_STAT=1
	kept "$flavour, LIBLOCKDEP_DUMP=. over the user's files"
	for f in $dump_files; do
		grep -qxF "liblockdep: LIBLOCKDEP_DUMP: cannot write ./$f: it is not an earlier dump, kept" \
			"$out/err" || fail "$flavour: no line for ./$f kept"
	done

	# A dump of our own is replaced (by the second dump of the drop-in's run too).
	rm -rf "$out/dump"
	mkdir "$out/dump"
	run $flavour LIBLOCKDEP_DUMP="$out/dump" LIBLOCKDEP_STAT=1
	echo "first run's tail" >> "$out/dump/lockdep_stats"
	run $flavour LIBLOCKDEP_DUMP="$out/dump" LIBLOCKDEP_STAT=1
	! grep -q 'LIBLOCKDEP_DUMP: cannot' "$out/err" || fail "$flavour: replacing an earlier dump is an error"
	for f in $dump_files; do
		[ -s "$out/dump/$f" ] || fail "$flavour: no $f written"
	done
	! grep -q "first run's tail" "$out/dump/lockdep_stats" ||
		fail "$flavour: the earlier lockdep_stats was not replaced"
done
