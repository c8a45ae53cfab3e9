# Add it to your build, plain make: installed into a PREFIX with a space, lockdep-cc
# and lockdep-c++ as CC and CXX build a Makefile project (tests/projects) keeping its
# own -O2 -g; its C and C++ AB-BA are reported, C with file:line in the project's
# source, status 66, and the programs start from any directory (the rpath to the
# prefix); built -DFIXED they are silent. The checkout's own lockdep-cc works too.
set -eu
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
top=$(pwd)
prefix="$out/my prefix"
install_to "$prefix" "$out/make"
mkdir "$out/project"
cp tests/projects/Makefile tests/projects/abba.c tests/projects/shop.cc "$out/project"
cd "$out/project"
PATH="$prefix/bin:$PATH" /usr/bin/make -s CC=lockdep-cc CXX=lockdep-c++ > "$out/build" 2>&1 ||
	{ echo "make CC=lockdep-cc: $(cat "$out/build")"; exit 1; }
producer=$(readelf --debug-dump=info abba | grep -m1 DW_AT_producer)
case $producer in *" -O2"*) ;; *) echo "abba not built with the project's -O2 -g: $producer"; exit 1 ;; esac
case $producer in *" -g"*) ;; *) echo "abba not built with the project's -g: $producer"; exit 1 ;; esac
cd /
expect_abba "$out/project/abba" accounts journal "$(cd "$top" && line_of abba.c)"
expect_abba "$out/project/abba_cxx" shop::stock shop::till
cd "$out/project"
/usr/bin/make -s clean
PATH="$prefix/bin:$PATH" /usr/bin/make -s CC=lockdep-cc CXX=lockdep-c++ CPPFLAGS=-DFIXED > "$out/build" 2>&1
expect_silent ./abba "balance 0"
expect_silent ./abba_cxx "items 0"

/usr/bin/make -s -C "$top" preload > "$out/make" 2>&1
/usr/bin/make -s clean
/usr/bin/make -s CC="$top/lockdep-cc" abba > "$out/build" 2>&1 ||
	{ echo "make CC=the checkout's lockdep-cc: $(cat "$out/build")"; exit 1; }
expect_abba ./abba accounts journal "$(cd "$top" && line_of abba.c)"
cd "$top"
/usr/bin/make -s uninstall PREFIX="$prefix"
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] || { echo "make uninstall left $left"; exit 1; }
