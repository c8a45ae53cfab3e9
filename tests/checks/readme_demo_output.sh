# The README's demo output is what "make demo" prints: the block after the README's
# "make demo prints" marker, against a fresh build's output, with what differs between
# runs and machines made alike (addresses, pid and tid, code offsets, the checkout's
# directory in file:line, shown as /src/liblockdep). The C library's
# thread-entry frames (start_thread, clone3), which its debug file adds, are compared
# where the demo prints them (Debian 12 with libc6-dbg, as the README shows them), and
# left out of both where it does not.
set -eu
out=build/readme-demo
rm -rf "$out"
trap 'rm -rf "$out"' EXIT
mkdir -p "$out"
# -o: the committed pair as it is (generated_pair_is_fresh.sh checks it), never
# regenerated here whatever the checkout's file times.
make -s -o liblockdep.c -o liblockdep.h BUILD="$out" CC=cc CFLAGS="-O2 -g" demo > "$out/printed" 2>&1
entry='/^ *\(start_thread\|clone3\|clone\)+0xOFFSET$/d'
! grep -q '^ *start_thread+0x' "$out/printed" || entry=
normalise() {
	sed -e 's/\b[0-9a-f]\{16\}\b/ADDRESS/g' -e 's/pid [0-9]*/pid PID/' \
		-e 's|demo/[0-9]*|demo/TID|g' -e 's/+0x[0-9a-f]*/+0xOFFSET/g' -e "$entry" \
		-e "s| ($PWD/| (/src/liblockdep/|" -e "s| ($(pwd -P)/| (/src/liblockdep/|"
}
awk '/<!-- make demo prints/ { found = 1; next }
	found == 1 && /^```/ { found = 2; next }
	found == 2 && /^```/ { exit }
	found == 2 { print }' README.md | normalise > "$out/readme"
[ -s "$out/readme" ] || { echo "README.md has no block after <!-- make demo prints -->"; exit 1; }
normalise < "$out/printed" > "$out/demo"
if ! diff -u "$out/readme" "$out/demo" > "$out/diff"; then
	echo "README.md's demo output differs from make demo's (- README, + make demo):"
	cat "$out/diff"
	exit 1
fi
