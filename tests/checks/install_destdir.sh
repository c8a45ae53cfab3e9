# make install: into a DESTDIR, every file where PREFIX says, the runner told the
# installed library's path (not the staging one); installed into a prefix, the runner
# found on PATH works from any directory, builds nothing (there is no tree next to
# it) and checks a program: its report, its status.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
top=$(pwd)
/usr/bin/make -s install DESTDIR="$out/stage" PREFIX=/usr > "$out/make" 2>&1 ||
	{ echo "make install DESTDIR: $(cat "$out/make")"; exit 1; }
for file in bin/lockdep bin/lockdep-cc lib/liblockdep.so include/liblockdep.h \
	lib/pkgconfig/liblockdep.pc lib/cmake/liblockdep/liblockdep-config.cmake \
	lib/cmake/liblockdep/liblockdep-config-version.cmake share/liblockdep/liblockdep.c share/man/man1/lockdep.1; do
	[ -f "$out/stage/usr/$file" ] || { echo "make install left no $file in DESTDIR"; exit 1; }
done
[ -x "$out/stage/usr/bin/lockdep" ] || { echo "the installed runner is not executable"; exit 1; }
cmp -s liblockdep.c "$out/stage/usr/share/liblockdep/liblockdep.c" ||
	{ echo "the installed liblockdep.c is not the tree's"; exit 1; }
grep -qx "installed_lib='/usr/lib/liblockdep.so'" "$out/stage/usr/bin/lockdep" ||
	{ echo "the runner does not name /usr/lib/liblockdep.so: $(grep '^installed_lib' "$out/stage/usr/bin/lockdep")"; exit 1; }
grep -qx "installed_libdir='/usr/lib'" "$out/stage/usr/bin/lockdep-cc" &&
	grep -qx "libdir=/usr/lib" "$out/stage/usr/lib/pkgconfig/liblockdep.pc" &&
	grep -qF ';/usr/lib/liblockdep.so;' "$out/stage/usr/lib/cmake/liblockdep/liblockdep-config.cmake" &&
	grep -qF 'LINKER:-rpath,/usr/lib"' "$out/stage/usr/lib/cmake/liblockdep/liblockdep-config.cmake" ||
	{ echo "lockdep-cc, liblockdep.pc or the CMake package does not name /usr/lib"; exit 1; }
[ "$(readlink "$out/stage/usr/bin/lockdep-c++")" = lockdep-cc ] ||
	{ echo "lockdep-c++ is not lockdep-cc"; exit 1; }

/usr/bin/make -s install PREFIX="$out/prefix" > "$out/make" 2>&1 ||
	{ echo "make install PREFIX: $(cat "$out/make")"; exit 1; }
$cc -O2 -pthread tests/scenarios/abba_two_threads.c -o "$out/abba"
cd /
status=0
PATH=$out/prefix/bin:/usr/bin:/bin lockdep "$out/abba" > /dev/null 2> "$out/report" || status=$?
[ "$status" -eq 66 ] || { echo "installed lockdep exited $status: $(head -c 600 "$out/report")"; exit 1; }
grep -q '^WARNING: possible circular locking dependency detected$' "$out/report"
grep -q '(first_lock)' "$out/report"
status=0
PATH=$out/prefix/bin:/usr/bin:/bin lockdep sh -c 'exit 7' 2> "$out/report" || status=$?
[ "$status" -eq 7 ] &&
	grep -qx 'lockdep: 1 process checked, [0-9]* lock class[es]*, 0 reports' "$out/report" &&
	[ "$(wc -l < "$out/report")" -eq 1 ] ||
	{ echo "installed lockdep: status $status, output $(head -c 600 "$out/report")"; exit 1; }
PATH=$out/prefix/bin:/usr/bin:/bin lockdep --help | grep -q "^The library is $out/prefix/lib/liblockdep.so"
[ "$(PATH=$out/prefix/bin:/usr/bin:/bin lockdep --version)" = "$(cd "$top" && ./lockdep --version)" ] ||
	{ echo "installed lockdep --version: $(PATH=$out/prefix/bin:/usr/bin:/bin lockdep --version 2>&1)"; exit 1; }
[ ! -e "$out/prefix/bin/build" ] || { echo "the installed runner built a library"; exit 1; }
cd "$top"
# find_package(liblockdep 6.12) finds the package of Linux 6.12's lockdep (it failed
# for want of a version file), and a request for a later release does not.
if command -v cmake > /dev/null; then
	mkdir "$out/versions"
	cat > "$out/versions/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.15)
project(versions C)
find_package(liblockdep 6.12 REQUIRED)
find_package(liblockdep 99 QUIET)
message(STATUS "liblockdep ${liblockdep_VERSION}, 99 found: ${liblockdep_FOUND}")
CMAKE
	cmake -S "$out/versions" -B "$out/versions/build" -DCMAKE_PREFIX_PATH="$out/prefix" \
		> "$out/cmake" 2>&1 || { echo "find_package(liblockdep 6.12): $(tail -20 "$out/cmake")"; exit 1; }
	grep -qx -- "-- liblockdep $(sed -n 's/^#define LIBLOCKDEP_KERNEL_VERSION "\(.*\)"$/\1/p' liblockdep.c), 99 found: 0" "$out/cmake" ||
		{ echo "find_package(liblockdep VERSION): $(grep -- '-- liblockdep' "$out/cmake")"; exit 1; }
else
	echo "SKIP install_destdir find_package(liblockdep 6.12): needs cmake"
fi
/usr/bin/make -s uninstall PREFIX="$out/prefix"
left=$(find "$out/prefix" -type f)
[ -z "$left" ] || { echo "make uninstall left $left"; exit 1; }
