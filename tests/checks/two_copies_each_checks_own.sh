# A drop-in build run by ./lockdep holds two copies of liblockdep, its own and the
# preloaded one, and each calls its own functions (src/config.h): a program linked
# -rdynamic (which exports its copy's names) reaches main() and its AB-BA is reported
# once, status 66; a shared library with the drop-in compiled in, called by a plain
# program, has its own AB-BA reported once, as when it runs without the runner. The
# orders fixed (-DFIXED), both are silent.
set -eu
cc=${CC:-cc}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/make -s preload > "$out/make" 2>&1 || { echo "make preload: $(cat "$out/make")"; exit 1; }
cp tests/projects/shared/ledger.c tests/projects/shared/main.c "$out"
cd "$out"
$cc -O2 -c -fPIC -DLIBLOCKDEP -pthread "$top/liblockdep.c" -o liblockdep.o
for fixed in "" -DFIXED; do
	dropin="-O2 $fixed -DLIBLOCKDEP -include $top/liblockdep.h -pthread"
	printf '#include "ledger.c"\n#include "main.c"\n' > whole.c
	$cc $dropin -rdynamic whole.c liblockdep.o -o "exported$fixed"
	$cc $dropin -shared -fPIC ledger.c liblockdep.o -o "libledger$fixed.so"
	$cc -O2 main.c -L. -lledger$fixed -Wl,-rpath,"$out" -o "library$fixed"
done

# run WANT PROGRAM...: PROGRAM's status is WANT, and it printed WANT's reports (66:
# one circular, else none) and "balance 1".
run() {
	want=$1
	shift
	status=0
	timeout 60 "$@" > run.out 2> run.err || status=$?
	reports=$(grep -c '^WARNING: possible circular locking dependency detected$' run.err || :)
	[ "$status" -eq "$want" ] && [ "$reports" -eq $((want == 66)) ] &&
		grep -qx 'balance 1' run.out ||
		{ echo "$*: status $status (want $want), $reports reports: $(head -c 600 run.err)"; exit 1; }
}

for prog in exported library; do
	run 66 "./$prog"
	run 66 "$top/lockdep" "./$prog"
	run 0 "$top/lockdep" "./$prog-DFIXED"
done
