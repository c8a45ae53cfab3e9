# Our unwinder (src/unwind.c) gives the frames glibc's backtrace() gives, on stacks
# through a shared library, C++ code with exceptions and destructors, a created
# thread, 80 frames deep (traces of 64, 5 and 1 frames), built -O0 and -O2; in a
# signal handler it gives way to backtrace(), and walks from stack words made up at
# random end without a fault (tests/unwind/compare.c).
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for level in O0 O2; do
	$cc -$level -g -fPIC -shared tests/unwind/compare_lib.c -o "$out/libcompare-$level.so"
	$cc -$level -g -DLIBLOCKDEP -I. -pthread -c tests/unwind/compare.c -o "$out/compare-$level.o"
	$cxx -$level -g -c tests/unwind/compare.cc -o "$out/compare-cxx-$level.o"
	$cxx -$level -pthread "$out/compare-$level.o" "$out/compare-cxx-$level.o" \
		-L"$out" -lcompare-$level -Wl,-rpath,"$out" -o "$out/compare-$level" -ldl
	if ! LIBLOCKDEP_EXITCODE=0 "$out/compare-$level" > "$out/result-$level" 2>&1; then
		echo "-$level: $(cat "$out/result-$level")"
		exit 1
	fi
done
