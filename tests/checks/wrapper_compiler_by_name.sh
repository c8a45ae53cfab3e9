# Tier: all (make install and a CMake build; needs cmake and clang)
# The compiler wrapper's real compiler stays the one a build was configured with.
# LIBLOCKDEP_CXX is read at each call, so a CMake build configured with
# LIBLOCKDEP_CXX=clang++ compiled with g++ once the variable was gone. A wrapper named
# lockdep-COMPILER (make install puts lockdep-gcc, -g++, -clang and -clang++ beside
# lockdep-cc) runs COMPILER, whatever LIBLOCKDEP_CC/_CXX say, and CMake keeps that
# name: a project configured with CMAKE_CXX_COMPILER=lockdep-clang++ under
# LIBLOCKDEP_CXX=g++ builds, with the variable unset, a source that only clang
# compiles, and the program is checked (its AB-BA reported).
set -eu
command -v cmake > /dev/null || { echo "SKIP wrapper_compiler_by_name: needs cmake"; exit 0; }
command -v clang++ > /dev/null || { echo "SKIP wrapper_compiler_by_name: needs clang"; exit 0; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL wrapper_compiler_by_name: $1"; [ -z "${2:-}" ] || tail -c 3000 "$2"; exit 1; }
/usr/bin/make -s install PREFIX="$out/prefix" > "$out/make" 2>&1 || fail "make install" "$out/make"
for name in gcc g++ clang clang++; do
	[ "$(readlink "$out/prefix/bin/lockdep-$name")" = lockdep-cc ] ||
		fail "make install made no lockdep-$name"
done
# Each name runs its compiler (what -v says it is), whatever the variables say.
for pair in gcc:gcc g++:gcc clang:clang clang++:clang; do
	name=${pair%%:*} id=${pair#*:}
	LIBLOCKDEP_CC=false LIBLOCKDEP_CXX=false "$out/prefix/bin/lockdep-$name" -v \
		> "$out/v" 2>&1 || fail "lockdep-$name -v" "$out/v"
	grep -q "^$id version " "$out/v" || grep -q "^Debian $id version " "$out/v" ||
		fail "lockdep-$name is not $id" "$out/v"
done

mkdir -p "$out/proj"
cat > "$out/proj/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(named CXX)
find_package(Threads REQUIRED)
add_executable(abba abba.cc)
target_link_libraries(abba Threads::Threads)
CMAKE
cat > "$out/proj/abba.cc" <<'CXX'
#ifndef __clang__
#error not compiled by clang
#endif
#include <mutex>
static std::mutex first, second;
int main()
{
	{ std::lock_guard<std::mutex> a(first); std::lock_guard<std::mutex> b(second); }
	{ std::lock_guard<std::mutex> b(second); std::lock_guard<std::mutex> a(first); }
	return 0;
}
CXX
LIBLOCKDEP_CXX=g++ cmake -S "$out/proj" -B "$out/proj/build" \
	-DCMAKE_CXX_COMPILER="$out/prefix/bin/lockdep-clang++" > "$out/configure" 2>&1 ||
	fail "configure" "$out/configure"
grep -q '^CMAKE_CXX_COMPILER_ID:.*=Clang$\|The CXX compiler identification is Clang' \
	"$out/configure" "$out/proj/build/CMakeCache.txt" || fail "not configured as clang" "$out/configure"
(unset LIBLOCKDEP_CXX LIBLOCKDEP_CC; cmake --build "$out/proj/build") > "$out/build" 2>&1 ||
	fail "the build, without LIBLOCKDEP_CXX, did not use clang++" "$out/build"
status=0
"$out/proj/build/abba" > /dev/null 2> "$out/report" || status=$?
[ "$status" = 66 ] && grep -qx 'WARNING: possible circular locking dependency detected' "$out/report" ||
	fail "the program built is not checked: exit $status" "$out/report"
/usr/bin/make -s uninstall PREFIX="$out/prefix" > /dev/null 2>&1
left=$(find "$out/prefix" ! -type d)
[ -z "$left" ] || fail "make uninstall left $left"
exit 0
