# Every "at:" of a C++ lock is the user's own function, at -O0 (libstdc++'s
# __gthread_mutex_lock, std::mutex::lock and the guards out of line) and at -O2: the
# member-mutex inversion of tests/scenarios/cxx_member_mutex_abba_O*.cc, built into
# the program and run under ./lockdep, shows each acquisition and each held lock at
# shop::Inventory::audit(), where the program takes them, and with -g at the line of
# the statement that takes each (its file:line from the line tables, which at -O2
# place the inlined call in libstdc++'s headers).
set -eu
cxx=${CXX:-g++}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

header=$(pwd)/tests/scenarios/cxx_member_mutex_abba.h
# The lines of audit()'s two locks: the ledger's, then its own.
ledger_line=$(grep -n 'std::unique_lock<std::mutex> entries(ledger->lock);' "$header" | cut -d: -f1)
own_line=$(grep -n 'std::scoped_lock inventory(lock);' "$header" | cut -d: -f1)
[ -n "$ledger_line" ] && [ -n "$own_line" ] || { echo "audit()'s locks are not in $header"; exit 1; }

# $1: a report; fails unless it has "at:" lines of the mutexes, all in audit(), each
# at the line that takes it (a thread's own life, "thread@", is held where liblockdep
# starts it).
all_at_audit() {
	if ! grep -q '(mutex@.*, at: ' "$1"; then
		echo "$2: no \"at:\" in: $(head -c 600 "$1")"
		return 1
	fi
	if grep '(mutex@.*, at: ' "$1" | grep -v ', at: shop::Inventory::audit()+0x[0-9a-f]* (.*)$'; then
		echo "$2: an \"at:\" outside shop::Inventory::audit() (above)"
		return 1
	fi
	if grep '(mutex@shop::Ledger::record()){.*, at: ' "$1" |
		grep -v ", at: shop::Inventory::audit()+0x[0-9a-f]* ($header:$ledger_line)\$" ||
	   grep '(mutex@shop::Inventory::restock()){.*, at: ' "$1" |
		grep -v ", at: shop::Inventory::audit()+0x[0-9a-f]* ($header:$own_line)\$"; then
		echo "$2: an \"at:\" not at the line that takes the lock (above)"
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
