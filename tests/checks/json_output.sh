# LIBLOCKDEP_JSON: one object per line per report and a summary at exit, in a file per
# process with %p; a thread name with a quote, a backslash, a control character and
# bytes that are not UTF-8 comes out as valid JSON that decodes to the same name (with
# U+FFFD for the bad bytes).
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/named.c" <<'C'
#define _GNU_SOURCE
#include <pthread.h>
#include <unistd.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static void *invert(void *arg)
{
	pthread_setname_np(pthread_self(), "q\"b\\c\001\377\300\257\355\240\200z");
	pthread_mutex_lock(&a); pthread_mutex_lock(&b);
	pthread_mutex_unlock(&b); pthread_mutex_unlock(&a);
	pthread_mutex_lock(&b); pthread_mutex_lock(&a);
	pthread_mutex_unlock(&a); pthread_mutex_unlock(&b);
	return arg;
}
int main(void)
{
	pthread_t t;
	pthread_create(&t, 0, invert, 0);
	pthread_join(t, 0);
	if (fork() == 0)
		return 0;	/* a child: its own file, with its summary */
	return 0;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/named.c" "$build/liblockdep.o" -o "$out/named"
set +e
LIBLOCKDEP_JSON="$out/run.%p.json" "$out/named" > /dev/null 2> "$out/err"
status=$?
set -e
sleep 0.2	# the child's exit
[ "$status" = 66 ] || { echo "exit status $status"; cat "$out/err"; exit 1; }
[ "$(ls "$out"/run.*.json | wc -l)" = 2 ] || { echo "expected a file per process:"; ls "$out"; exit 1; }
python3 - "$out" "$(sed -n 's/^fingerprint: //p' "$out/err")" <<'PY'
import glob, json, sys
files = sorted(glob.glob(sys.argv[1] + "/run.*.json"))
objects = [json.loads(line) for f in files for line in open(f, encoding="utf-8")]
reports = [o for o in objects if o["type"] == "report"]
summaries = [o for o in objects if o["type"] == "summary"]
if len(reports) != 1 or len(summaries) != 2:
    sys.exit("%d reports, %d summaries" % (len(reports), len(summaries)))
r = reports[0]
# The kernel keeps 15 bytes of a thread name; each bad byte is one U+FFFD.
want = 'q"b\\c\x01\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdz'
if r["thread"]["name"] != want:
    sys.exit("thread name %r, expected %r" % (r["thread"]["name"], want))
if r["fingerprint"] != sys.argv[2] or r["kind"] != "circular" or r["suppressed"]:
    sys.exit("report %r" % r)
# Held: the joinable thread's own life (src/thread_join.c), then b.
held = [l["class"] for l in r["held"]]
if (sorted(r["classes"]) != ["a", "b"] or len(held) != 2 or held[1] != "b" or
        not held[0] == "thread@invert<main"):
    sys.exit("classes %r held %r" % (r["classes"], r["held"]))
if [c["class"] for c in r["chain"]] != ["b", "a"] or not all(c["frames"] for c in r["chain"]):
    sys.exit("chain %r" % r["chain"])
if r["chain"][0]["frames"][0].get("function") != "invert":
    sys.exit("first frame %r" % r["chain"][0]["frames"][0])
main = [s for s in summaries if s["process"]["pid"] == r["process"]["pid"]]
if len(main) != 1 or main[0]["reports"] != 1 or main[0]["suppressed"] != 0:
    sys.exit("summary %r" % summaries)
PY
grep -qF 'q\"b\\c\u0001\ufffd' "$out"/run.*.json || { echo "not escaped as expected:"; cat "$out"/run.*.json; exit 1; }
