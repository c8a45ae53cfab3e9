# Lock statistics (LIBLOCKDEP_STAT=1, src/lock_stat.c): with one heavily contended
# and one uncontended lock across 4 threads (examples/where_threads_wait.c), the
# contended class tops the exit table with contentions and wait time at the right
# contention point, the uncontended one shows none; dir/lock_stat is the kernel's
# (header, columns, rows); off by default; liblockdep_stat_reset() clears and
# liblockdep_dump() writes at any time; the preload flavour counts the same.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "$1"; [ ! -f "${2:-}" ] || cat "$2"; exit 1; }
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/where_threads_wait.c \
	"$build/liblockdep.o" -o "$out/wait"

# Off by default: no table, no lock_stat in the dump.
mkdir "$out/off"
LIBLOCKDEP_DUMP=$out/off "$out/wait" > /dev/null 2> "$out/err" || fail "default: exit $?" "$out/err"
[ ! -s "$out/err" ] || fail "default: output without LIBLOCKDEP_STAT" "$out/err"
[ -f "$out/off/lockdep" ] && [ ! -e "$out/off/lock_stat" ] || fail "default: lock_stat written, or no dump"

# The table. Rows: class contentions waittime-total waittime-max acquisitions ...
check_table() {
	what=$1 err=$2
	grep -qx 'liblockdep: where threads waited (lock_stat; times in us; LIBLOCKDEP_DUMP writes all of it):' "$err" ||
		fail "$what: no table headline" "$err"
	first=$(awk '$1 ~ /_lock$/ { print; exit }' "$err")
	set -- $first
	[ "$1" = hot_lock ] && [ "$2" -gt 0 ] && [ "$5" -eq 80001 ] || fail "$what: hot_lock does not top the table: $first" "$err"
	awk -v w="$3" 'BEGIN { exit !(w > 0) }' || fail "$what: hot_lock waited no time: $first" "$err"
	# Its contention points, right under it: where it was waited for, where it was held.
	awk '$1 == "hot_lock" { getline; print; getline; print; exit }' "$err" > "$out/points"
	grep -Eq "^ +$2 contended at take_hot_lock\+0x[0-9a-f]+$" "$out/points" ||
		fail "$what: hot_lock's contention point is not take_hot_lock" "$err"
	grep -Eq "^ +[0-9]+ while held from take_hot_lock\+0x[0-9a-f]+$" "$out/points" ||
		fail "$what: hot_lock is not shown held from take_hot_lock" "$err"
	cold=$(awk '$1 == "cold_lock"' "$err")
	set -- $cold
	[ "$2" = 0 ] && [ "$3" = 0.00 ] && [ "$4" = 0.00 ] && [ "$5" = 80000 ] ||
		fail "$what: cold_lock shows contention: $cold" "$err"
	! awk '$1 == "cold_lock" { getline; print; exit }' "$err" | grep -q 'contended at' ||
		fail "$what: cold_lock has a contention point" "$err"
}
LIBLOCKDEP_STAT=1 "$out/wait" > /dev/null 2> "$out/err" || fail "stat: exit $?" "$out/err"
check_table stat "$out/err"

# The kernel's lock_stat, by lockdep_proc.c: version, rules, its 13 columns, then a
# row per class (name: and 12 numbers), the contended one first with its points.
mkdir "$out/dump"
LIBLOCKDEP_STAT=1 LIBLOCKDEP_DUMP=$out/dump "$out/wait" > /dev/null 2> "$out/err" || fail "dump: exit $?" "$out/err"
ls=$out/dump/lock_stat
[ "$(sed -n 1p "$ls")" = 'lock_stat version 0.4' ] || fail "lock_stat: no version line" "$ls"
sed -n 2p "$ls" | grep -Eqx -- '-{221}' || fail "lock_stat: no rule under the version" "$ls"
[ "$(sed -n 3p "$ls" | tr -s ' ' | sed 's/^ //')" = "class name con-bounces contentions waittime-min waittime-max waittime-total waittime-avg acq-bounces acquisitions holdtime-min holdtime-max holdtime-total holdtime-avg" ] ||
	fail "lock_stat: not the kernel's columns" "$ls"
awk 'NR > 5 && /: / && NF == 13' "$ls" > "$out/rows"
[ "$(awk 'NR == 1 { print $1 }' "$out/rows")" = hot_lock: ] || fail "lock_stat: hot_lock is not first" "$ls"
awk '$1 == "hot_lock:" && $3 > 0 && $6 > 0 && $9 == 80001 { ok = 1 } END { exit !ok }' "$out/rows" ||
	fail "lock_stat: hot_lock's row is wrong" "$ls"
awk '$1 == "cold_lock:" && $3 == 0 && $6 == 0 && $9 == 80000 { ok = 1 } END { exit !ok }' "$out/rows" ||
	fail "lock_stat: cold_lock's row is wrong" "$ls"
grep -Eq '^ +hot_lock +[0-9]+ +\[<0x[0-9a-f]+>\] take_hot_lock\+0x[0-9a-f]+$' "$ls" ||
	fail "lock_stat: no contention point of hot_lock at take_hot_lock" "$ls"
! grep -Eq '^ +cold_lock +[0-9]+ +\[<' "$ls" || fail "lock_stat: cold_lock has contention points" "$ls"
check_table stat+dump "$out/err"

# At any time: liblockdep_dump() sees what was counted so far, and nothing after
# liblockdep_stat_reset().
cat > "$out/reset.c" <<'C'
#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t counted = PTHREAD_MUTEX_INITIALIZER;
int main(void)
{
	for (int i = 0; i < 5; i++) {
		pthread_mutex_lock(&counted);
		pthread_mutex_unlock(&counted);
	}
	liblockdep_dump();
	liblockdep_stat_reset();
	if (rename("before/lock_stat", "before/lock_stat.first"))
		return 1;
	liblockdep_dump();
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/reset.c" "$build/liblockdep.o" -o "$out/reset"
mkdir "$out/before"
(cd "$out" && LIBLOCKDEP_STAT=1 LIBLOCKDEP_DUMP=before ./reset > /dev/null 2> err) || fail "reset: exit $?" "$out/err"
grep -Eq '^ +counted: +0 +0 .* 5 ' "$out/before/lock_stat.first" ||
	fail "liblockdep_dump(): no 5 acquisitions of counted" "$out/before/lock_stat.first"
! grep -q 'counted:' "$out/before/lock_stat" || fail "liblockdep_stat_reset(): counted still counted" "$out/before/lock_stat"

# The preload flavour, on the example built plain.
$cc -O2 -g -pthread examples/where_threads_wait.c -o "$out/wait-plain"
LIBLOCKDEP_STAT=1 LD_PRELOAD=$build/liblockdep.so "$out/wait-plain" > /dev/null 2> "$out/err" ||
	fail "preload: exit $?" "$out/err"
check_table preload "$out/err"
