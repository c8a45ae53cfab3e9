# Eight threads hit eight different inversions at the same moment: each report comes
# out whole, every line of it about one thread's two locks, never mixed with another.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/race.c" <<'C'
#include <pthread.h>
#define PAIR(n) static pthread_mutex_t t##n##_a = PTHREAD_MUTEX_INITIALIZER, \
	t##n##_b = PTHREAD_MUTEX_INITIALIZER;
PAIR(0) PAIR(1) PAIR(2) PAIR(3) PAIR(4) PAIR(5) PAIR(6) PAIR(7)
static pthread_mutex_t *pairs[8][2] = {
	{ &t0_a, &t0_b }, { &t1_a, &t1_b }, { &t2_a, &t2_b }, { &t3_a, &t3_b },
	{ &t4_a, &t4_b }, { &t5_a, &t5_b }, { &t6_a, &t6_b }, { &t7_a, &t7_b },
};
static pthread_barrier_t start;
static void nest(pthread_mutex_t *x, pthread_mutex_t *y)
{
	pthread_mutex_lock(x); pthread_mutex_lock(y);
	pthread_mutex_unlock(y); pthread_mutex_unlock(x);
}
static void *invert(void *arg)
{
	pthread_mutex_t **pair = arg;
	nest(pair[0], pair[1]);
	pthread_barrier_wait(&start);
	nest(pair[1], pair[0]);
	return 0;
}
int main(void)
{
	pthread_t t[8];
	pthread_barrier_init(&start, 0, 8);
	for (int i = 0; i < 8; i++) pthread_create(&t[i], 0, invert, pairs[i]);
	for (int i = 0; i < 8; i++) pthread_join(t[i], 0);
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/race.c" "$build/liblockdep.o" -o "$out/race"
for round in 1 2 3 4 5; do
	LIBLOCKDEP_EXITCODE=0 "$out/race" 2> "$out/err"
	[ "$(grep -c '^WARNING: possible circular locking dependency detected$' "$out/err")" = 8 ] ||
		{ echo "round $round: expected 8 reports"; cat "$out/err"; exit 1; }
	# A report runs from its "=====" line to the next; collect the pairs it names.
	awk '/^=+$/ { report++ } match($0, /\(t[0-9]_[ab]\)/) {
		pair = substr($0, RSTART + 2, 1)
		if (seen[report] != "" && seen[report] != pair) { bad = 1; print "report " report " mixes t" seen[report] " and t" pair }
		seen[report] = pair
	} END { exit bad }' "$out/err"
done
