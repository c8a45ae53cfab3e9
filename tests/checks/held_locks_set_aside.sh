# A report printed while the thread holds locks set aside past lockdep's depth limit
# (src/merged_locks.c) lists every lock it holds, in the order taken, numbered from
# #0, in its text and in its JSON record: 70 and 700 mutexes of distinct classes
# held, the innermost taken again (lockdep's recursive locking), then a lock
# taken in a signal handler under them all (a handler's list shows the locks of the
# code it interrupted too).
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/deep.c" <<'C'
#include <pthread.h>
#include <signal.h>
static pthread_mutex_t chain[N] = { [0 ... N - 1] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t handler_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutexattr_t errorcheck;
static void handler(int sig)
{
	(void)sig;
	pthread_mutex_lock(&handler_lock);
	pthread_mutex_unlock(&handler_lock);
}
int main(void)
{
	pthread_mutexattr_init(&errorcheck);
	pthread_mutexattr_settype(&errorcheck, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&chain[N - 1], &errorcheck);
	signal(SIGUSR1, handler);
	pthread_mutex_lock(&handler_lock);	/* taken with the signal deliverable */
	pthread_mutex_unlock(&handler_lock);
	for (int i = 0; i < N; i++)
		pthread_mutex_lock(&chain[i]);
	pthread_mutex_lock(&chain[N - 1]);	/* EDEADLK: an error-checking mutex */
	raise(SIGUSR1);
	for (int i = N - 1; i >= 0; i--)
		pthread_mutex_unlock(&chain[i]);
	return 0;
}
C
for n in 70 700; do
	$cc -O1 -g -DN=$n -DLIBLOCKDEP -include liblockdep.h -pthread "$out/deep.c" \
		"$build/liblockdep.o" -o "$out/deep$n"
	set +e
	LIBLOCKDEP_JSON="$out/deep$n.json" "$out/deep$n" > /dev/null 2> "$out/err$n"
	status=$?
	set -e
	[ "$status" = 66 ] || { echo "N=$n: exit status $status"; head -c 3000 "$out/err$n"; exit 1; }
	python3 - "$n" "$out/err$n" "$out/deep$n.json" <<'PY'
import json, re, sys
n, text, records = int(sys.argv[1]), open(sys.argv[2]).read(), sys.argv[3]
want = ["chain[%d]" % i for i in range(n)]
headlines = ["WARNING: possible recursive locking detected",
             "WARNING: inconsistent lock state"]
reports = [json.loads(line) for line in open(records)]
reports = [r for r in reports if r["type"] == "report"]
if [r["headline"] for r in reports] != headlines:
    sys.exit("N=%d: reports %r" % (n, [r["headline"] for r in reports]))
# Each report's text: its list of held locks, "#i: ADDRESS (name)...".
for headline, report, held_json in zip(headlines, text.split("WARNING: ")[1:], reports):
    lists = re.findall(r"^(\d+) locks? held by [^\n]*:\n((?: #\d+: [^\n]*\n)*)", report, re.M)
    if len(lists) != 1:
        sys.exit("N=%d, %s: %d lists of held locks" % (n, headline, len(lists)))
    count, lines = int(lists[0][0]), lists[0][1].splitlines()
    numbers = [int(re.match(r" #(\d+): ", l).group(1)) for l in lines]
    names = [re.search(r" \(([^)]*)\)", l).group(1) for l in lines]
    if count != n or numbers != list(range(n)) or names != want:
        sys.exit("N=%d, %s: %d held, numbered %r, %r" % (n, headline, count,
                 numbers[:5] + numbers[-5:], names[:3] + names[-3:]))
    held = [l["class"] for l in held_json["held"]]
    if held != want or held_json["truncated"]:
        sys.exit("N=%d, %s: JSON held %d %r, truncated %r" % (n, headline, len(held),
                 held[:3] + held[-3:], held_json["truncated"]))
PY
done
