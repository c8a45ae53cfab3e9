# Two make install to two prefixes at once (the build-system checks do this, and so
# may a packager's parallel jobs): each prefix's lockdep, lockdep-cc, pkg-config and
# CMake files name that prefix, never the other's. Nothing under build/ names a
# prefix: a copy there, shared by both installs, is how one got the other's paths.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# What both installs copy, built first: two compilers writing build/liblockdep.so at
# once is another race, not this check's.
/usr/bin/make -s preload build/lockdep-check-graph build/lockdep-merge-sarif > "$out/build.log" 2>&1 ||
	{ echo "make: $(cat "$out/build.log")"; exit 1; }
/usr/bin/make -s install PREFIX="$out/a" > "$out/a.log" 2>&1 &
a=$!
/usr/bin/make -s install PREFIX="$out/b" > "$out/b.log" 2>&1 ||
	{ echo "make install: $(cat "$out/b.log")"; exit 1; }
wait $a || { echo "make install: $(cat "$out/a.log")"; exit 1; }
for pair in a:b b:a; do
	prefix=$out/${pair%:*} other=$out/${pair#*:}
	for f in bin/lockdep bin/lockdep-cc lib/pkgconfig/liblockdep.pc \
		lib/cmake/liblockdep/liblockdep-config.cmake; do
		grep -qF "$prefix/" "$prefix/$f" ||
			{ echo "$prefix/$f does not name its prefix: $(grep -m1 "$out" "$prefix/$f")"; exit 1; }
		! grep -qF "$other/" "$prefix/$f" ||
			{ echo "$prefix/$f names the other prefix: $(grep -m1 -F "$other/" "$prefix/$f")"; exit 1; }
	done
done
shared=$(grep -rlF "$out" build || true)
[ -z "$shared" ] || { echo "make install left files naming its prefix in build/: $shared"; exit 1; }
