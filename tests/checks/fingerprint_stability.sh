# A report's fingerprint depends on what it is about, never on addresses, pids, the
# thread or where the cycle was entered: the same in two runs (ASLR moves everything),
# in two programs that make the same cycle of the same locks from other code, in the
# drop-in and the preload flavour, and after a rebuild that changed an unrelated
# function; and it differs for another cycle.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# fingerprint PROGRAM [env...]: the fingerprint line of its one report.
fingerprint() {
	prog=$1; shift
	set +e
	env "$@" "$prog" > /dev/null 2> "$out/err"
	set -e
	[ "$(grep -c '^fingerprint: ' "$out/err")" = 1 ] ||
		{ echo "$prog: not one fingerprint:" >&2; cat "$out/err" >&2; exit 1; }
	sed -n 's/^fingerprint: //p' "$out/err"
}
same() { [ "$1" = "$2" ] || { echo "$3: $1 and $2 differ"; exit 1; }; }

$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$build/liblockdep.o" -o "$out/demo"
demo=$(fingerprint "$out/demo")
fingerprint "$out/demo" > /dev/null
addresses_1=$(grep -o '^[0-9a-f]\{16\} ' "$out/err" | head -1)
same "$demo" "$(fingerprint "$out/demo")" "two runs"
addresses_2=$(grep -o '^[0-9a-f]\{16\} ' "$out/err" | head -1)
[ "$addresses_1" != "$addresses_2" ] || { echo "two runs: the same lock address (no ASLR?)"; exit 1; }

# Another program: one thread, other functions, another lock around, and the cycle
# entered at the other lock.
cat > "$out/other.c" <<'C'
#include <pthread.h>
static pthread_mutex_t unrelated_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t accounts_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t audit_log_lock = PTHREAD_MUTEX_INITIALIZER;
static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(&unrelated_lock);
	pthread_mutex_unlock(&unrelated_lock);
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}
int main(void)
{
	nest(&audit_log_lock, &accounts_lock);
	nest(&accounts_lock, &audit_log_lock);
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/other.c" "$build/liblockdep.o" -o "$out/other"
same "$demo" "$(fingerprint "$out/other")" "another program"

# The preload flavour, on the demo built without liblockdep.
$cc -O1 -g -pthread examples/demo.c -o "$out/demo-plain"
same "$demo" "$(fingerprint "$out/demo-plain" LD_PRELOAD="$build/liblockdep.so")" "preload"

# Locks made at an init site are named after it (mutex@main, mutex@main~2: the caller of a
# helper that makes locks); a rebuild that changes another function, placed before
# it, moves every address.
cat > "$out/sites.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
int unrelated(int n)
{
	int sum = 0;
#ifdef CHANGED
	for (int i = 0; i < n; i++)
		sum += i * i ^ (sum >> 3);
#endif
	return sum + n;
}
static pthread_mutex_t *make_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));
	pthread_mutex_init(m, NULL);
	return m;
}
int main(int argc, char **argv)
{
	pthread_mutex_t *first = make_lock();
	pthread_mutex_t *second = malloc(sizeof(*second));
	pthread_mutex_init(second, NULL);
	pthread_mutex_lock(first); pthread_mutex_lock(second);
	pthread_mutex_unlock(second); pthread_mutex_unlock(first);
	pthread_mutex_lock(second); pthread_mutex_lock(first);
	pthread_mutex_unlock(first); pthread_mutex_unlock(second);
	(void)argv;
	return unrelated(argc) > 1000;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/sites.c" "$build/liblockdep.o" -o "$out/sites"
$cc -O1 -g -DCHANGED -DLIBLOCKDEP -include liblockdep.h -pthread "$out/sites.c" "$build/liblockdep.o" -o "$out/sites-changed"
[ "$(nm "$out/sites" | grep ' T main$')" != "$(nm "$out/sites-changed" | grep ' T main$')" ] ||
	{ echo "rebuild: main did not move"; exit 1; }
sites=$(fingerprint "$out/sites")
grep -q '(mutex@main\(~2\)\{0,1\})' "$out/err" || { echo "sites: no class named after its site"; cat "$out/err"; exit 1; }
same "$sites" "$(fingerprint "$out/sites-changed")" "rebuild with an unrelated function changed"
[ "$sites" != "$demo" ] || { echo "two different cycles, one fingerprint: $sites"; exit 1; }
