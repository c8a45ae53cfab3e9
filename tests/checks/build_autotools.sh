# Tier: all
# Add it to your build, autotools: configure CC=lockdep-cc CXX=lockdep-c++ checks an
# autoconf/automake project (tests/projects) with configure's own -g -O2; the C and C++
# AB-BA is reported, C with file:line in the project's source, status 66; configured
# CPPFLAGS=-DFIXED it is silent.
set -eu
for tool in autoreconf automake; do
	command -v $tool > /dev/null || { echo "SKIP build_autotools: needs autoconf and automake"; exit 0; }
done
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
install_to "$out/prefix" "$out/make"
mkdir "$out/project"
cp tests/projects/configure.ac tests/projects/Makefile.am tests/projects/abba.c \
	tests/projects/shop.cc "$out/project"
c_line=$(line_of abba.c)
cd "$out/project"
autoreconf -i > "$out/log" 2>&1 || { echo "autoreconf: $(cat "$out/log")"; exit 1; }

# build [CONFIGURE ARGUMENT]...: configures with the installed wrappers and builds.
build() {
	./configure CC="$out/prefix/bin/lockdep-cc" CXX="$out/prefix/bin/lockdep-c++" "$@" \
		> "$out/log" 2>&1 &&
		/usr/bin/make > "$out/log" 2>&1 || { echo "configure $*: $(tail -n 20 "$out/log")"; exit 1; }
}

build
expect_abba "$out/project/abba" accounts journal "$c_line"
expect_abba "$out/project/abba_cxx" shop::stock shop::till
/usr/bin/make -s distclean
build CPPFLAGS=-DFIXED
expect_silent ./abba "balance 0"
expect_silent ./abba_cxx "items 0"
