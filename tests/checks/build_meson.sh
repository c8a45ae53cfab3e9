# Tier: all
# Add it to your build, meson: CC=lockdep-cc CXX=lockdep-c++ (installed, by their
# paths: meson keeps them) for meson setup check a meson project (tests/projects)
# built debugoptimized (-O2 -g); the C and C++ AB-BA is reported, C with file:line in the project's source, status 66; with
# -Dc_args=-DFIXED -Dcpp_args=-DFIXED it is silent.
set -eu
for tool in meson ninja; do
	command -v $tool > /dev/null || { echo "SKIP build_meson: needs meson and ninja-build"; exit 0; }
done
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
install_to "$out/prefix" "$out/make"
mkdir "$out/project"
cp tests/projects/meson.build tests/projects/abba.c tests/projects/shop.cc "$out/project"
c_line=$(line_of abba.c)

# build DIR [SETUP ARGUMENT]...: sets the project up in DIR with the installed
# wrappers and builds it.
build() {
	dir=$1
	shift
	CC=$out/prefix/bin/lockdep-cc CXX=$out/prefix/bin/lockdep-c++ \
		meson setup --buildtype=debugoptimized "$@" "$dir" "$out/project" > "$dir.log" 2>&1 &&
		ninja -C "$dir" >> "$dir.log" 2>&1 || { echo "meson setup $*: $(tail -n 20 "$dir.log")"; exit 1; }
}

build "$out/build"
expect_abba "$out/build/abba" accounts journal "$c_line"
expect_abba "$out/build/abba_cxx" shop::stock shop::till
build "$out/fixed" -Dc_args=-DFIXED -Dcpp_args=-DFIXED
expect_silent "$out/fixed/abba" "balance 0"
expect_silent "$out/fixed/abba_cxx" "items 0"
