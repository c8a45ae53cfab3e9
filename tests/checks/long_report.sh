# A report longer than its buffer (a cycle of 200 locks, each link with a deep stack):
# it is held whole to its end all the same, cut at 252 KiB with a line that says so,
# and still ends with its fingerprint; its JSON record is marked truncated.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/long.c" <<'C'
#include <pthread.h>
#define N 200
static pthread_mutex_t locks[N];
static void descend_through_a_function_with_a_long_name_on_the_way_to_a_lock(int depth, int i)
{
	if (depth) {
		descend_through_a_function_with_a_long_name_on_the_way_to_a_lock(depth - 1, i);
		return;
	}
	pthread_mutex_lock(&locks[i]);
	if (i + 1 < N)
		descend_through_a_function_with_a_long_name_on_the_way_to_a_lock(60, i + 1);
}
int main(void)
{
	for (int i = 0; i < N; i++)
		pthread_mutex_init(&locks[i], NULL);
	descend_through_a_function_with_a_long_name_on_the_way_to_a_lock(60, 0);
	for (int i = N - 1; i >= 0; i--)
		pthread_mutex_unlock(&locks[i]);
	pthread_mutex_lock(&locks[N - 1]);
	pthread_mutex_lock(&locks[0]);
	return 0;
}
C
$cc -O0 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/long.c" "$build/liblockdep.o" -o "$out/long"
set +e
LIBLOCKDEP_CLASSES=instance LIBLOCKDEP_JSON="$out/long.json" "$out/long" > /dev/null 2> "$out/err"
status=$?
set -e
[ "$status" = 66 ] || { echo "exit status $status"; head -c 2000 "$out/err"; exit 1; }
[ "$(grep -c '^WARNING: possible circular locking dependency detected$' "$out/err")" = 1 ] ||
	{ echo "not one report"; head -c 2000 "$out/err"; exit 1; }
size=$(wc -c < "$out/err")
[ "$size" -le 262144 ] || { echo "report of $size bytes"; exit 1; }
# The report ends: what was cut, the fingerprint, the rule that would suppress it.
tail -n 3 "$out/err" | head -n 1 |
	grep -qx 'liblockdep: [0-9]* bytes of this report left out: it is longer than 258048 bytes' ||
	{ echo "no line for what was cut:"; tail -n 3 "$out/err"; exit 1; }
fingerprint=$(tail -n 2 "$out/err" | head -n 1 | sed -n 's/^fingerprint: //p')
[ -n "$fingerprint" ] || { echo "the report does not end with its fingerprint"; tail -n 3 "$out/err"; exit 1; }
python3 - "$out/long.json" "$fingerprint" <<'PY'
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1])]
reports = [o for o in objects if o["type"] == "report"]
if len(reports) != 1 or reports[0]["fingerprint"] != sys.argv[2] or not reports[0]["truncated"]:
    sys.exit("JSON: %r" % [(o["fingerprint"], o["truncated"]) for o in reports])
if len(reports[0]["chain"]) < 8:	# as many as 512 frames hold
    sys.exit("JSON: a chain of %d links" % len(reports[0]["chain"]))
PY
