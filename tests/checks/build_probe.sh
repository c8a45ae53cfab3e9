# The probe docs/build.md gives a build to prove that it is checked: a program that
# exits with !liblockdep_enabled() exits 0 built and linked the checked way, 1 built
# without -DLIBLOCKDEP or run with LIBLOCKDEP=0, and does not build without the
# header or link without the object.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=${CC:-cc}
printf 'int main(void) { return !liblockdep_enabled(); }\n' > "$out/probe.c"
# tests/run.sh's object when there is one.
object=${BUILD:-build/tests}/liblockdep.o
[ -f "$object" ] || { object=$out/liblockdep.o; $cc -O2 -DLIBLOCKDEP -c liblockdep.c -o "$object"; }
$cc -DLIBLOCKDEP -include liblockdep.h -pthread "$out/probe.c" "$object" -o "$out/checked"
$cc -include liblockdep.h -pthread "$out/probe.c" -o "$out/unchecked"
status() { s=0; env "$@" > /dev/null 2>&1 || s=$?; echo $s; }
failed=0
[ "$(status "$out/checked")" = 0 ] || { echo "the checked build's probe does not exit 0"; failed=1; }
[ "$(status LIBLOCKDEP=0 "$out/checked")" = 1 ] || { echo "LIBLOCKDEP=0: the probe does not exit 1"; failed=1; }
[ "$(status "$out/unchecked")" = 1 ] || { echo "the build without -DLIBLOCKDEP: the probe does not exit 1"; failed=1; }
if $cc -std=c99 -pedantic-errors -pthread "$out/probe.c" -o "$out/no-header" 2> /dev/null; then
	echo "the probe builds without the header"
	failed=1
fi
if $cc -DLIBLOCKDEP -include liblockdep.h -pthread "$out/probe.c" -o "$out/no-object" 2> /dev/null; then
	echo "the probe links without liblockdep's object"
	failed=1
fi
exit $failed
