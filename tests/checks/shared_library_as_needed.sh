# Add it to your build, a shared library: installed, lockdep-cc builds a library with
# an AB-BA (tests/projects/shared) and a program that only calls it, linked
# -Wl,--as-needed (gcc's default on many systems), which drops every library the
# program itself does not call; and plain cc links a program against that library.
# Each starts, its library's AB-BA is reported with file:line, status 66; built
# -DFIXED, silent. ldd shows liblockdep.so, as docs/build.md ("Is it checked?") says.
set -eu
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
install_to "$out/prefix" "$out/make"
cp tests/projects/shared/ledger.c tests/projects/shared/main.c "$out"
line=ledger.c:$(grep -n 'the inversion' "$out/ledger.c" | cut -d: -f1)
cd "$out"
wrapper=$out/prefix/bin/lockdep-cc

# build NAME [FLAG]...: libNAME.so by the wrapper, NAME by the wrapper and NAME_plain
# by cc, both -Wl,--as-needed.
build() {
	name=$1
	shift
	"$wrapper" -O2 -g "$@" -shared -fPIC ledger.c -o "lib$name.so" > build.log 2>&1 &&
		"$wrapper" -O2 -g -Wl,--as-needed main.c -L. -l"$name" -Wl,-rpath,"$out" \
			-o "$name" >> build.log 2>&1 &&
		cc -O2 -g -Wl,--as-needed main.c -L. -l"$name" -Wl,-rpath,"$out" \
			-o "${name}_plain" >> build.log 2>&1 ||
		{ echo "build $name: $(cat build.log)"; exit 1; }
}

build ledger
for prog in ledger ledger_plain; do
	expect_abba "$out/$prog" accounts journal "$line"
	grep -qx 'balance 1' "$out/$prog.out" || { echo "$prog printed $(cat "$out/$prog.out")"; exit 1; }
	ldd "$out/$prog" | grep -q 'liblockdep\.so' ||
		{ echo "ldd $prog names no liblockdep.so: $(ldd "$out/$prog")"; exit 1; }
done
build fixed -DFIXED
expect_silent "$out/fixed" "balance 1"
expect_silent "$out/fixed_plain" "balance 1"
