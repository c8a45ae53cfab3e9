# A C++ program's steady locking never calls lockdep (src/fast_path.c):
# tests/bench/cxx_workload.cc locks a queue with std::lock_guard and two shards of a
# map, one class, with std::scoped_lock, which tries the second shard while it holds
# the first (std::lock<>, out of line at -O2) and releases the first one first. Once
# lockdep has seen each step, lockdep's lock_acquire() and lock_release() run as long
# at 2,000 iterations as at 1,000 (callgrind collecting inside them only), at -O0
# and -O2, dropped in and preloaded. Before, the trylock and the release out of order
# went to lockdep each time (about 1,000 instructions of lockdep's per iteration).
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
pair=${LIBLOCKDEP_DIR:-.}
command -v valgrind > /dev/null || { echo "SKIP cxx_scoped_lock_skips_lockdep: needs valgrind"; exit 0; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

$cc -O2 -c -DLIBLOCKDEP -pthread "$pair/liblockdep.c" -o "$out/liblockdep.o"
$cc -O2 -fPIC -shared -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -pthread "$pair/liblockdep.c" \
	-o "$out/liblockdep.so" -ldl

# Instructions inside lockdep's entries: $1 the preload ("" for none), then the command.
in_lockdep() {
	preload=$1
	shift
	env ${preload:+LD_PRELOAD="$preload"} valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null --collect-atstart=no \
		--toggle-collect=liblockdep__lock_acquire \
		--toggle-collect=liblockdep__lock_release "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : //p'
}

failed=0
for level in O0 O2; do
	$cxx -$level -std=c++17 -pthread tests/bench/cxx_workload.cc -o "$out/plain"
	$cxx -$level -std=c++17 -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread \
		tests/bench/cxx_workload.cc "$out/liblockdep.o" -o "$out/drop-in" -ldl
	for flavour in drop-in preload; do
		case $flavour in
		drop-in) preload= prog=$out/drop-in ;;
		preload) preload=$out/liblockdep.so prog=$out/plain ;;
		esac
		one=$(in_lockdep "$preload" "$prog" 1000)
		two=$(in_lockdep "$preload" "$prog" 2000)
		if [ -z "$one" ] || [ "$one" != "$two" ]; then
			echo "-$level $flavour: lockdep ran $one instructions at 1,000 iterations, $two at 2,000"
			failed=1
		fi
	done
done
exit $failed
