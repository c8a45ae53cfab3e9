# Tier: all
# Add it to your build, CMake and pkg-config: installed into a prefix, a CMake project
# with C, C++ and assembler sources (tests/projects) is checked through
# find_package(liblockdep)'s target (Debug: -O0 -g) and through
# CMAKE_C_COMPILER=lockdep-cc / CMAKE_CXX_COMPILER=lockdep-c++ (RelWithDebInfo: -O2 -g),
# its assembler source built as it is; the AB-BA in C and C++ is reported with
# file:line in the project's source where the frames have it, status 66, and -DFIXED=ON
# is silent. pkg-config's flags check a program built by hand.
set -eu
command -v cmake > /dev/null || { echo "SKIP build_cmake: needs cmake"; exit 0; }
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
top=$(pwd)
prefix=$out/prefix
install_to "$prefix" "$out/make"
cp tests/projects/CMakeLists.txt tests/projects/abba.c tests/projects/shop.cc \
	tests/projects/nop.S "$out"
c_line=$(line_of abba.c)
cxx_line=$(line_of shop.cc)

# cmake_build DIR ARGUMENT...: configures and builds the project in DIR.
cmake_build() {
	dir=$1
	shift
	cmake -S "$out" -B "$dir" "$@" > "$dir.log" 2>&1 &&
		cmake --build "$dir" >> "$dir.log" 2>&1 ||
		{ echo "cmake $*: $(tail -n 20 "$dir.log")"; exit 1; }
}

cmake_build "$out/package" -DCMAKE_BUILD_TYPE=Debug -DWITH_LIBLOCKDEP=ON \
	-DCMAKE_PREFIX_PATH="$prefix"
expect_abba "$out/package/abba" accounts journal "$c_line"
expect_abba "$out/package/abba_cxx" shop::stock shop::till "$cxx_line"
cmake_build "$out/package-fixed" -DCMAKE_BUILD_TYPE=Debug -DWITH_LIBLOCKDEP=ON \
	-DCMAKE_PREFIX_PATH="$prefix" -DFIXED=ON
expect_silent "$out/package-fixed/abba" "balance 0"
expect_silent "$out/package-fixed/abba_cxx" "items 0"

cmake_build "$out/wrapper" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_C_COMPILER="$prefix/bin/lockdep-cc" -DCMAKE_CXX_COMPILER="$prefix/bin/lockdep-c++"
expect_abba "$out/wrapper/abba" accounts journal "$c_line"
expect_abba "$out/wrapper/abba_cxx" shop::stock shop::till
grep -qF 'shop::close_till()' "$out/wrapper/abba_cxx.err" ||
	{ echo "no shop::close_till() in $(cat "$out/wrapper/abba_cxx.err")"; exit 1; }
cmake_build "$out/wrapper-fixed" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFIXED=ON \
	-DCMAKE_C_COMPILER="$prefix/bin/lockdep-cc" -DCMAKE_CXX_COMPILER="$prefix/bin/lockdep-c++"
expect_silent "$out/wrapper-fixed/abba" "balance 0"
expect_silent "$out/wrapper-fixed/abba_cxx" "items 0"

command -v pkg-config > /dev/null || { echo "SKIP build_cmake (pkg-config): needs pkg-config"; exit 0; }
flags=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs liblockdep)
# shellcheck disable=SC2086 # pkg-config's output is a list of words
cc -O2 -g "$out/abba.c" -o "$out/pkg" $flags
cd /
expect_abba "$out/pkg" accounts journal "$c_line"
