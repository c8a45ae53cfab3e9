# Tier: all (cmake, meson, ninja and pkg-config)
# Add it to your build, a shared library, by each recipe of docs/build.md but the
# wrapper by hand (shared_library_as_needed): installed, a library with an AB-BA and a
# program that only calls it (tests/projects/shared) are built through pkg-config's
# flags, CMake's package and meson with its defaults (b_asneeded=true: the wrapper,
# and pkg-config's dependency), all linking -Wl,--as-needed. Each program starts, its
# library's AB-BA is reported with file:line, status 66; built -DFIXED, silent.
set -eu
for tool in cmake meson ninja pkg-config; do
	command -v $tool > /dev/null || { echo "SKIP shared_library_build_systems: needs $tool"; exit 0; }
done
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
prefix=$out/prefix
install_to "$prefix" "$out/make"
mkdir "$out/project"
cp tests/projects/shared/* "$out/project"
line=ledger.c:$(grep -n 'the inversion' "$out/project/ledger.c" | cut -d: -f1)
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

# expect PROGRAM [FIXED-PROGRAM]: the AB-BA, and silence built -DFIXED.
expect() {
	expect_abba "$1" accounts journal "$line"
	expect_silent "$2" "balance 1"
}

# pkg-config: "cc -O2 -g prog.c -o prog $(pkg-config --cflags --libs liblockdep)".
mkdir "$out/pc"
cd "$out/pc"
for fixed in "" -DFIXED; do
	cc -O2 -g $fixed -shared -fPIC "$out/project/ledger.c" -o libledger$fixed.so \
		$(pkg-config --cflags --libs liblockdep) > build.log 2>&1 &&
		cc -O2 -g -Wl,--as-needed "$out/project/main.c" -o main$fixed -L. -lledger$fixed \
			-Wl,-rpath,"$out/pc" $(pkg-config --cflags --libs liblockdep) >> build.log 2>&1 ||
		{ echo "pkg-config build: $(cat build.log)"; exit 1; }
done
expect "$out/pc/main" "$out/pc/main-DFIXED"

# cmake_build DIR ARGUMENT...: configures and builds the project in DIR.
cmake_build() {
	dir=$1
	shift
	cmake -S "$out/project" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_EXE_LINKER_FLAGS=-Wl,--as-needed \
		-DCMAKE_SHARED_LINKER_FLAGS=-Wl,--as-needed "$@" > "$dir.log" 2>&1 &&
		cmake --build "$dir" >> "$dir.log" 2>&1 ||
		{ echo "cmake $*: $(tail -n 20 "$dir.log")"; exit 1; }
}
cmake_build "$out/cmake"
cmake_build "$out/cmake-fixed" -DFIXED=ON
expect "$out/cmake/main" "$out/cmake-fixed/main"

# meson_build DIR [SETUP ARGUMENT]...: sets the project up in DIR and builds it.
meson_build() {
	dir=$1
	shift
	meson setup --buildtype=debugoptimized "$@" "$dir" "$out/project" > "$dir.log" 2>&1 &&
		ninja -C "$dir" >> "$dir.log" 2>&1 ||
		{ echo "meson setup $*: $(tail -n 20 "$dir.log")"; exit 1; }
}
export CC="$prefix/bin/lockdep-cc"
meson_build "$out/meson"
meson_build "$out/meson-fixed" -Dc_args=-DFIXED
expect "$out/meson/main" "$out/meson-fixed/main"
unset CC
meson_build "$out/meson-pc" -Dwith_pkgconfig=true
meson_build "$out/meson-pc-fixed" -Dwith_pkgconfig=true -Dc_args=-DFIXED
expect "$out/meson-pc/main" "$out/meson-pc-fixed/main"
