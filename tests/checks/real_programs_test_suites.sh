# Real libraries' own threaded test suites, built from Debian's source packages by two
# recipes of docs/build.md with gcc's default linker flags, each twice: plain and
# checked. APR 1.7.2's testall suites of threads, thread and process mutexes,
# condition variables and forked children, by autotools with the wrapper
# (./configure CC=lockdep-cc); LevelDB 1.23's tests of its shared library, by the
# CMake package (find_package(liblockdep), the library's target linked with
# liblockdep::liblockdep). Each checked suite passes as its plain build does; LevelDB
# reports nothing, APR exactly the two real problems docs/test-suites.md explains
# from its source. The other three of the five libraries there take too long to
# build for a check.
# Tier: all (APR and LevelDB fetched with apt-get source, each built twice: 4 minutes of CPU; 17 of wall time on a loaded 2-core machine)
set -eu
command -v cmake > /dev/null || { echo "SKIP real_programs_test_suites: needs cmake"; exit 0; }
command -v dpkg-source > /dev/null || { echo "SKIP real_programs_test_suites: needs dpkg-dev"; exit 0; }
for header in gtest/gtest.h gmock/gmock.h benchmark/benchmark.h; do
	[ -f "/usr/include/$header" ] ||
		{ echo "SKIP real_programs_test_suites: needs LevelDB's build-deps (libgtest-dev libgmock-dev libbenchmark-dev)"; exit 0; }
done
. tests/projects/expect.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
# The packages are fetched once, into the build directory.
sources=$(mkdir -p "${BUILD:-build/tests}/test-suites" && cd "${BUILD:-build/tests}/test-suites" && pwd)

# unpack PACKAGE: its source tree in $out/PACKAGE (or SKIP when apt cannot fetch it).
unpack() {
	if ! ls "$sources/$1"_*.dsc > /dev/null 2>&1 &&
		! (cd "$sources" && apt-get source --download-only "$1") > "$out/fetch" 2>&1; then
		echo "SKIP real_programs_test_suites: apt-get source $1 (deb-src entries, as .ci/run adds): $(tail -n 1 "$out/fetch")"
		exit 0
	fi
	dpkg-source -x "$(ls "$sources/$1"_*.dsc | tail -n 1)" "$out/$1" > "$out/unpack" 2>&1 ||
		{ echo "dpkg-source -x $1: $(tail -n 3 "$out/unpack")"; exit 1; }
}
unpack apr
unpack leveldb
install_to "$out/prefix" "$out/make"

# step WHAT COMMAND...: runs COMMAND, its output in $out/step; the check ends if it fails.
step() {
	what=$1
	shift
	nice "$@" > "$out/step" 2>&1 || { echo "$what: $(tail -n 20 "$out/step")"; exit 1; }
}

# same_failures SUITE PLAIN CHECKED: the suite's failures in files PLAIN and CHECKED
# (one line each) are the same.
same_failures() {
	cmp -s "$2" "$3" ||
		{ echo "$1: plain failed [$(cat "$2")], checked failed [$(cat "$3")]"; failed=1; }
}

# reports SUITE LOGS [RULE]...: the reports in LOGS are exactly those that the rules
# ("KIND class=CLASS", as each report's "rule to suppress it:" line) name, once each.
reports() {
	what=$1 logs=$2
	shift 2
	{ [ $# -eq 0 ] || printf '%s\n' "$@"; } | sort > "$out/expected"
	cat "$logs"/* 2> /dev/null | sed -n 's/^rule to suppress it: suppress //p' | sort > "$out/seen"
	# Each report's second line names liblockdep, its version and the process.
	cmp -s "$out/expected" "$out/seen" &&
		[ "$(cat "$logs"/* 2> /dev/null | grep -c '^liblockdep lockdep-')" = $# ] ||
		{ echo "$what: reports [$(cat "$out/seen")], expected [$(cat "$out/expected")]: $(cat "$logs"/* 2> /dev/null | head -c 1500)"; failed=1; }
}

# checked_library WHAT LIBRARY: LIBRARY was built checked (docs/build.md, "Is it checked?").
checked_library() {
	ldd "$2" | grep -q 'liblockdep\.so' || { echo "$1: $2 does not load liblockdep.so"; failed=1; }
}

# APR: the wrapper through configure; testall's suites of threads, locks, condition
# variables and processes. The checked run passes them all too, and exits 66 for
# exactly two reports, each of a real problem in the test (docs/test-suites.md):
# testcond's dynamic_binding re-takes mutex[0] holding mutex[1] in a condition wait,
# then mutex[1] holding mutex[0]; testprocmutex waits, with a timeout it expects,
# for the process mutex it holds.
apr_suites="testatomic testcond testlock testprocmutex testthread testshm testproc testpools"
apr() {
	cp -a "$out/apr" "$out/apr-$1"
	cd "$out/apr-$1"
	step "APR $1: configure" ./configure CC="$2"
	step "APR $1: make" make -j2
	step "APR $1: make testall" make -C test testall proc_child testshmproducer testshmconsumer
	mkdir "$out/apr-$1.logs"
	status=0
	(cd test && LIBLOCKDEP_LOG="$out/apr-$1.logs/%p" nice ./testall $apr_suites \
		> "$out/apr-$1.out" 2>&1) || status=$?
	cd - > /dev/null
	grep -q '^All tests passed' "$out/apr-$1.out" && [ "$status" = "$3" ] ||
		{ echo "APR $1: testall exited $status ($3 expected): $(tail -n 30 "$out/apr-$1.out")"; failed=1; }
}
apr plain cc 0
apr checked "$out/prefix/bin/lockdep-cc" 66
checked_library "APR" "$out/apr-checked/.libs/libapr-1.so"
reports "APR testall" "$out/apr-checked.logs" \
	"circular class=mutex@apr_thread_mutex_create" \
	"recursive class=mutex@proc_mutex_pthread_create"

# LevelDB: the CMake package added to a copy's CMakeLists.txt; ctest's failed tests
# (issue320_test left out: 85 s writing 2.6 GB, no thread of its own).
cp -a "$out/leveldb" "$out/leveldb-checked-src"
sed -i 's/^target_link_libraries(leveldb Threads::Threads)$/&\nfind_package(liblockdep REQUIRED)\ntarget_link_libraries(leveldb liblockdep::liblockdep)/' \
	"$out/leveldb-checked-src/CMakeLists.txt"
grep -q liblockdep "$out/leveldb-checked-src/CMakeLists.txt" ||
	{ echo "LevelDB's CMakeLists.txt: no target_link_libraries(leveldb Threads::Threads) line"; exit 1; }
leveldb() {
	step "LevelDB $1: cmake" cmake -S "$2" -B "$out/leveldb-$1" \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_SHARED_LIBS=ON \
		-DLEVELDB_BUILD_BENCHMARKS=OFF -DCMAKE_PREFIX_PATH="$out/prefix"
	step "LevelDB $1: build" cmake --build "$out/leveldb-$1" -j2
	mkdir "$out/leveldb-$1.logs"
	(cd "$out/leveldb-$1" && LIBLOCKDEP_LOG="$out/leveldb-$1.logs/%p" nice ctest -E issue320_test \
		> "$out/leveldb-$1.out" 2>&1) || true
	sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (.*/\1/p' "$out/leveldb-$1.out" > "$out/leveldb-$1.failed"
	grep -q 'tests passed' "$out/leveldb-$1.out" ||
		{ echo "LevelDB $1: ctest did not finish: $(tail -n 20 "$out/leveldb-$1.out")"; failed=1; }
}
leveldb plain "$out/leveldb"
leveldb checked "$out/leveldb-checked-src"
checked_library "LevelDB" "$out/leveldb-checked/libleveldb.so"
same_failures "LevelDB ctest" "$out/leveldb-plain.failed" "$out/leveldb-checked.failed"
reports "LevelDB ctest" "$out/leveldb-checked.logs"
exit $failed
