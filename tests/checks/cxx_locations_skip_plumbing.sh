# Every "at:" of a C++ lock is the user's own function, at -O0 (libstdc++'s
# __gthread_mutex_lock, std::mutex::lock and the guards out of line) and at -O2: the
# member-mutex inversion of tests/scenarios/cxx_member_mutex_abba_O*.cc, built into
# the program and run under ./lockdep, shows each acquisition and each held lock at
# shop::Inventory::audit(), where the program takes them.
set -eu
cxx=${CXX:-g++}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

# $1: a report; fails unless it has "at:" lines of the mutexes, all in audit() (a
# thread's own life, "thread@", is held where liblockdep starts it).
all_at_audit() {
	if ! grep -q '(mutex@.*, at: ' "$1"; then
		echo "$2: no \"at:\" in: $(head -c 600 "$1")"
		return 1
	fi
	if grep '(mutex@.*, at: ' "$1" | grep -v ', at: shop::Inventory::audit()+0x[0-9a-f]*$'; then
		echo "$2: an \"at:\" outside shop::Inventory::audit() (above)"
		return 1
	fi
}

failed=0
for level in O0 O2; do
	src=tests/scenarios/cxx_member_mutex_abba_$level.cc
	$cxx -$level -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src" \
		"$build/liblockdep.o" -o "$out/drop-in" -ldl
	"$out/drop-in" 2> "$out/drop-in.txt"
	all_at_audit "$out/drop-in.txt" "$level drop-in" || failed=1
	$cxx -$level -g -pthread "$src" -o "$out/plain"
	./lockdep "$out/plain" 2> "$out/plain.txt"
	all_at_audit "$out/plain.txt" "$level under ./lockdep" || failed=1
done
exit $failed
