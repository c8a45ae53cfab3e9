# Lock statistics (LIBLOCKDEP_STAT=1, src/lock_stat.c): with one heavily contended
# and one uncontended lock across 4 threads (examples/where_threads_wait.c), the
# contended class tops the exit table with contentions and wait time at the right
# contention point, the uncontended one shows none; dir/lock_stat is the kernel's
# (header, columns, rows); off by default; liblockdep_stat_reset() clears and
# liblockdep_dump() writes at any time; the preload flavour counts the same; a
# timed-out wait is a contention, not an acquisition; a hold keeps its start when
# a lock taken before it is released first.
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

# A timed-out wait is one contention and no acquisition (the holder's is the one);
# an inner lock keeps its hold time when the outer one is released first.
cat > "$out/timed.c" <<'C'
#include <pthread.h>
#include <time.h>
#include <unistd.h>
static pthread_mutex_t busy_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t outer_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t held;
static void *holder(void *arg)
{
	pthread_mutex_lock(&busy_lock);
	pthread_barrier_wait(&held);
	usleep(300000);
	pthread_mutex_unlock(&busy_lock);
	return arg;
}
int main(void)
{
	struct timespec until;
	pthread_t t;
	pthread_barrier_init(&held, NULL, 2);
	pthread_create(&t, NULL, holder, NULL);
	pthread_barrier_wait(&held);
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_nsec += 100000000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	if (!pthread_mutex_timedlock(&busy_lock, &until))
		return 1;
	pthread_join(t, NULL);
	pthread_mutex_lock(&outer_lock);
	pthread_mutex_lock(&inner_lock);
	usleep(300000);
	pthread_mutex_unlock(&outer_lock);
	usleep(100000);
	pthread_mutex_unlock(&inner_lock);
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/timed.c" "$build/liblockdep.o" -o "$out/timed"
$cc -O2 -g -pthread "$out/timed.c" -o "$out/timed-plain"
for flavour in dropin preload; do
	if [ $flavour = dropin ]; then
		LIBLOCKDEP_STAT=1 "$out/timed" > /dev/null 2> "$out/err" || fail "timed: exit $?" "$out/err"
	else
		LIBLOCKDEP_STAT=1 LD_PRELOAD=$build/liblockdep.so "$out/timed-plain" > /dev/null 2> "$out/err" ||
			fail "timed, preload: exit $?" "$out/err"
	fi
	# class contentions waittime-total waittime-max acquisitions holdtime-total holdtime-max
	awk '$1 == "busy_lock" && $2 == 1 && $3 >= 90000 && $3 < 300000 && $5 == 1 && $7 >= 290000 { ok = 1 }
	     END { exit !ok }' "$out/err" ||
		fail "$flavour: busy_lock's timed-out wait is not one contention without a hold" "$out/err"
	awk '$1 == "inner_lock" && $2 == 0 && $5 == 1 && $7 >= 390000 { ok = 1 } END { exit !ok }' "$out/err" ||
		fail "$flavour: inner_lock's hold is not 400 ms" "$out/err"
	awk '$1 == "outer_lock" && $2 == 0 && $5 == 1 && $7 >= 290000 && $7 < 390000 { ok = 1 } END { exit !ok }' "$out/err" ||
		fail "$flavour: outer_lock's hold is not 300 ms" "$out/err"
done
