# lockdep --merge-sarif (src/sarif_merge.c): a test suite's per-process SARIF logs
# as the one log with one run that GitHub code scanning takes in an upload. A
# project's tests run from its build directory (as CMake's do): an AB-BA program run
# twice (one result), a C++ AB-BA through std::mutex built at -O0 (its first frames
# in libstdc++'s gthr-default.h), an unlock of a lock not held (its first frames
# liblockdep's own), and a correct program.
# Expected: version 2.1.0, $schema, a driver version of numbers (the lockdep
# carried, 6.12.118), one run with the union of the rules, 3
# results (the repeat merged by partialFingerprints), automationDetails.id, each
# result with ruleId, message.text, a location relative to the source root
# (%SRCROOT%, LIBLOCKDEP_SRCROOT) in the project's own source, region.startLine and
# partialFingerprints; a relative uri always with a base, any other an absolute
# file:/// URI, also for files named relative to an unknown directory (the C
# library's). A log that is not JSON or not liblockdep's gives one line
# naming it and exit 125; the output is never written through a symbolic link. Then
# examples/github-code-scanning.yml is YAML (python3's yaml module, SKIP without it)
# with mkdir, security-events write, the merge step, the upload and a category, and
# builds as docs/build.md recommends: liblockdep installed from its checkout into a
# prefix whose bin goes on the PATH, the project configured with build.md's CMake
# commands (the wrapper), no compile or link flags of its own.
set -eu
cc=${CC:-cc}
cxx=${CXX:-c++}
build=$(cd "${BUILD:-build/tests}" && pwd)
top=$(pwd)
out=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$out"' EXIT
fail() { echo "FAIL sarif_merge: $1"; [ -z "${2:-}" ] || head -c 3000 "$2"; exit 1; }

make -s merge-sarif > /dev/null 2>&1 || fail "make merge-sarif does not build"
merge=$top/build/lockdep-merge-sarif
[ -x "$merge" ] || fail "no build/lockdep-merge-sarif"

proj=$out/project
mkdir -p "$proj/src" "$proj/build" "$proj/build/sarif"
cat > "$proj/src/abba.c" <<'C'
#include <pthread.h>
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
int main(void)
{
	pthread_mutex_lock(&config_lock);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_unlock(&cache_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_unlock(&cache_lock);
	return 0;
}
C
cat > "$proj/src/unbalanced.c" <<'C'
#define _GNU_SOURCE
#include <pthread.h>
static pthread_mutex_t never_locked = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int main(void)
{
	return pthread_mutex_unlock(&never_locked) == 0;	/* EPERM */
}
C
cat > "$proj/src/correct.c" <<'C'
#include <pthread.h>
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int main(void)
{
	for (int i = 0; i < 2; i++) {
		pthread_mutex_lock(&a);
		pthread_mutex_lock(&b);
		pthread_mutex_unlock(&b);
		pthread_mutex_unlock(&a);
	}
	return 0;
}
C
cat > "$proj/src/shop.cc" <<'C'
#include <mutex>
struct shop {
	std::mutex stock, till;
};
static shop the_shop;
static void restock(shop &s)
{
	std::lock_guard<std::mutex> a(s.stock);
	std::lock_guard<std::mutex> b(s.till);
}
static void sell(shop &s)
{
	std::lock_guard<std::mutex> b(s.till);
	std::lock_guard<std::mutex> a(s.stock);
}
int main()
{
	restock(the_shop);
	sell(the_shop);
	return 0;
}
C
cd "$proj/build"
for p in abba unbalanced correct; do
	$cc -O1 -g -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread "$proj/src/$p.c" \
		"$build/liblockdep.o" -o "$p" || fail "$p does not build"
done
$cxx -O0 -g -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread "$proj/src/shop.cc" \
	"$build/liblockdep.o" -o shop || fail "shop does not build"
export LIBLOCKDEP_SYMBOLIZE=addr2line LIBLOCKDEP_SARIF="$proj/build/sarif/%p.sarif"
for p in abba abba unbalanced correct shop; do
	status=0
	./$p > /dev/null 2> "$out/$p.err" || status=$?
	case $p in correct) want=0 ;; *) want=66 ;; esac
	[ "$status" = "$want" ] || fail "$p exited $status, expected $want" "$out/$p.err"
done
unset LIBLOCKDEP_SARIF LIBLOCKDEP_SYMBOLIZE
[ "$(ls sarif | wc -l)" = 5 ] || fail "not 5 per-process logs: $(ls sarif)"

# From the build directory, with the root named; the output in the input directory
# is not read as an input.
LIBLOCKDEP_SRCROOT="$proj" LIBLOCKDEP_SARIF_CATEGORY=lockdep/unit "$merge" sarif/merged.sarif sarif \
	2> "$out/merge.err" || fail "merge exited $?" "$out/merge.err"
[ ! -s "$out/merge.err" ] || fail "merge said something" "$out/merge.err"
LIBLOCKDEP_SRCROOT="$proj" "$merge" sarif/again.sarif sarif 2> "$out/merge.err" ||
	fail "second merge exited $?" "$out/merge.err"
python3 - sarif/merged.sarif sarif/again.sarif "$proj" <<'PY' || fail "merged log" sarif/merged.sarif
import json, re, sys
log = json.load(open(sys.argv[1]))
again = json.load(open(sys.argv[2]))
root = sys.argv[3]
def need(cond, what):
    if not cond:
        sys.exit("SARIF: " + what)
need(log.get("version") == "2.1.0", "version")
need(log.get("$schema", "").endswith("sarif-2.1.0.json"), "$schema")
need(len(log["runs"]) == 1, "%d runs" % len(log["runs"]))
run = log["runs"][0]
need(run["tool"]["driver"]["name"] == "liblockdep", "driver name")
need(re.fullmatch(r"[0-9]+(\.[0-9]+)+", run["tool"]["driver"].get("version", "")),
     "driver version %r, not numbers" % run["tool"]["driver"].get("version"))
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
need(sorted(rules) == sorted(set(rules)), "a rule twice: %r" % rules)
need(set(rules) == {"circular", "bad-unlock"}, "rules %r" % rules)
need(run["automationDetails"] == {"id": "lockdep/unit"}, "automationDetails %r" % run.get("automationDetails"))
need(again["runs"][0]["automationDetails"] == {"id": "liblockdep/"}, "default category")
base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
need(base == "file://" + root + "/", "originalUriBaseIds %r" % base)
results = run["results"]
need(len(results) == 3, "%d results, expected 3 (the repeated run merged)" % len(results))
prints = [json.dumps(r["partialFingerprints"], sort_keys=True) for r in results]
need(len(set(prints)) == 3, "a fingerprint twice")
want = {"abba.c": ("circular", "cache_lock"), "unbalanced.c": ("bad-unlock", "never_locked"), "shop.cc": ("circular", None)}
seen = set()
for r in results:
    need(rules[r["ruleIndex"]] == r["ruleId"], "ruleIndex")
    need(r["message"]["text"], "message.text")
    need(r["partialFingerprints"]["liblockdepFingerprint/v1"], "partialFingerprints")
    loc = r["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    need(art.get("uriBaseId") == "%SRCROOT%" and art["uri"].startswith("src/"),
         "primary location not relative to the root: %r" % art)
    need(loc["region"]["startLine"] >= 1, "startLine")
    name = art["uri"][4:]
    need(name in want, "location in %r" % name)
    seen.add(name)
    rule, cls = want[name]
    need(rule is None or r["ruleId"] == rule, "%s: rule %s" % (name, r["ruleId"]))
    need(cls is None or cls in r["message"]["text"], "%s: message %r" % (name, r["message"]["text"]))
    if name == "shop.cc":
        continue	# the -O0 gthread frame's line is the symbolizer's (issue 25 point 5)
    text = open(root + "/" + art["uri"]).read().split("\n")[loc["region"]["startLine"] - 1]
    need("lock" in text, "%s:%d is not a locking line: %r" % (name, loc["region"]["startLine"], text))
    for st in r["stacks"]:
        for f in st["frames"]:
            a = f["location"].get("physicalLocation", {}).get("artifactLocation")
            need(not a or not a["uri"].startswith("file://" + root),
                 "a frame in the root not made relative: %r" % a)
need(seen == set(want), "results in %r" % seen)
PY

# URIs: SARIF allows a relative uri only with a uriBaseId that originalUriBaseIds
# defines. abba built with its debug information naming its files relative to a
# directory it does not record (-fdebug-prefix-map, as the C library's own debug files
# name "./nptl/pthread_create.c"), its log, and that log as an older liblockdep wrote
# it (such a frame as a relative uri without a base) merged: every relative uri has a
# defined base, every other is an absolute file:/// URI outside that base, in every
# per-process log and every merged one.
mkdir -p relative
$cc -O1 -g -fdebug-prefix-map="$proj=." -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread \
	"$proj/src/abba.c" "$build/liblockdep.o" -o relative-abba || fail "relative-abba does not build"
status=0
LIBLOCKDEP_SYMBOLIZE=addr2line LIBLOCKDEP_SARIF="$proj/build/relative/%p.sarif" ./relative-abba \
	> /dev/null 2> "$out/relative.err" || status=$?
[ "$status" = 66 ] || fail "relative-abba exited $status, expected 66" "$out/relative.err"
grep -q '(\./[^ ]*abba\.c:[0-9]*)$' "$out/relative.err" ||
	fail "relative-abba's frames are not named ./.../abba.c" "$out/relative.err"
python3 - relative/*.sarif "$out/older.sarif" <<'PY' || fail "no older log made"
import json, sys
log = json.load(open(sys.argv[1]))
for result in log["runs"][0]["results"]:
    for st in result["stacks"]:
        for f in st["frames"]:
            f["location"].setdefault("physicalLocation", {
                "artifactLocation": {"uri": "./build/./src/abba.c"}, "region": {"startLine": 6}})
json.dump(log, open(sys.argv[2], "w"))
PY
LIBLOCKDEP_SRCROOT="$proj" "$merge" relative/merged.sarif "$out/older.sarif" 2> "$out/merge.err" ||
	fail "merge of the older log exited $?" "$out/merge.err"
python3 - relative/merged.sarif <<'PY' || fail "the older log's result" relative/merged.sarif
import json, sys
results = json.load(open(sys.argv[1]))["runs"][0]["results"]
frames = [f["location"] for r in results for st in r["stacks"] for f in st["frames"]]
if len(results) != 1 or not frames or not all(l.get("logicalLocations") for l in frames):
    sys.exit("the frames lost more than their unresolvable files")
PY
python3 - sarif/*.sarif relative/*.sarif <<'PY' || fail "URIs"
import json, sys
bad = []
for name in sys.argv[1:]:
    log = json.load(open(name))
    for run in log["runs"]:
        bases = {k: v["uri"] for k, v in run.get("originalUriBaseIds", {}).items()}
        if not all(b.startswith("file:///") and b.endswith("/") for b in bases.values()):
            bad.append("%s: originalUriBaseIds %r" % (name, bases))
        def walk(n):
            if isinstance(n, dict):
                a = n.get("artifactLocation")
                if isinstance(a, dict):
                    uri, base = a.get("uri", ""), a.get("uriBaseId")
                    if uri.startswith("file:///"):
                        if base is not None:
                            bad.append("%s: absolute %r with a uriBaseId" % (name, a))
                        if any(uri.startswith(b) for b in bases.values()):
                            bad.append("%s: %r inside its base, not relative to it" % (name, a))
                    elif base not in bases:
                        bad.append("%s: relative %r without a base originalUriBaseIds defines" % (name, a))
                for v in n.values():
                    walk(v)
            elif isinstance(n, list):
                for v in n:
                    walk(v)
        walk(run["results"])
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

# Bad input: one line naming the file, exit 125, and no log to upload.
printf '{"version": "2.1.0", "runs": [' > "$out/cut.sarif"
printf '{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "other", "rules": []}}, "results": []}]}' \
	> "$out/other.sarif"
printf '{"version": "2.1.0", "runs": []} x' > "$out/trailing.sarif"
for bad in cut other trailing; do
	status=0
	"$merge" "$out/bad.sarif" sarif/merged.sarif "$out/$bad.sarif" 2> "$out/bad.err" || status=$?
	[ "$status" = 125 ] || fail "$bad input: exit $status, expected 125" "$out/bad.err"
	[ "$(wc -l < "$out/bad.err")" = 1 ] && grep -q "$out/$bad.sarif: " "$out/bad.err" ||
		fail "$bad input: not one line naming the file" "$out/bad.err"
	[ ! -e "$out/bad.sarif" ] || fail "$bad input: a file was left for the upload" "$out/bad.sarif"
	case $bad in
	cut) grep -q "cut.sarif: line 1: not JSON: " "$out/bad.err" ;;
	other) grep -q "other.sarif: a run of another tool than liblockdep$" "$out/bad.err" ;;
	trailing) grep -q "trailing.sarif: line 1: not JSON: text after the JSON value$" "$out/bad.err" ;;
	esac || fail "$bad input: the line does not say what is wrong" "$out/bad.err"
done
# A build that failed ran no test: the merge of a directory never made says so in one
# line, exits 125 and leaves no file (it left an empty one, which the upload took).
status=0
"$merge" "$out/none.sarif" "$out/never-made" 2> "$out/none.err" || status=$?
[ "$status" = 125 ] && [ "$(wc -l < "$out/none.err")" = 1 ] && [ ! -e "$out/none.sarif" ] ||
	fail "a missing input: exit $status, $(ls "$out/none.sarif" 2>&1)" "$out/none.err"
echo precious > "$out/precious"
ln -s "$out/precious" "$out/link.sarif"
status=0
"$merge" "$out/link.sarif" sarif/merged.sarif 2> "$out/link.err" || status=$?
[ "$status" = 125 ] && [ "$(cat "$out/precious")" = precious ] ||
	fail "written through a symbolic link (exit $status)" "$out/link.err"
grep -q "symbolic link" "$out/link.err" || fail "the link refusal does not say why" "$out/link.err"

# The workflow.
cd "$top"
wf=examples/github-code-scanning.yml
for need in 'mkdir' 'security-events: write' 'lockdep --merge-sarif' \
	'github/codeql-action/upload-sarif' 'category:' 'LIBLOCKDEP_SARIF:'; do
	grep -q -- "$need" "$wf" || fail "$wf has no '$need'"
done
if python3 -c 'import yaml' 2> /dev/null; then
	python3 - "$wf" <<'PY' || fail "$wf"
import sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
def need(cond, what):
    if not cond:
        sys.exit("workflow: " + what)
need(wf.get(True, wf.get("on")), "no on:")
jobs = wf["jobs"]
need(len(jobs) >= 1, "no job")
for job in jobs.values():
    need(job["permissions"]["security-events"] == "write", "permissions")
    steps = job["steps"]
    runs = " ".join(s.get("run", "") for s in steps)
    uses = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    need("mkdir" in runs and "--merge-sarif" in runs, "mkdir and the merge")
    need(len(uses) == 1 and uses[0]["with"]["sarif_file"].endswith(".sarif"), "the upload of one file")
    need(uses[0]["with"].get("category"), "category")
    # After failed tests (exit 66), but not after a failed build: no test ran, and an
    # upload of no result would close every alert.
    tests = [s for s in steps if "ctest" in s.get("run", "")]
    need(len(tests) == 1 and tests[0].get("id"), "a test step with an id")
    cond = "${{ !cancelled() && steps.%s.outcome != 'skipped' }}" % tests[0]["id"]
    merge = [s for s in steps if "--merge-sarif" in s.get("run", "")]
    need(merge and merge[0].get("if") == cond, "the merge only after the tests ran: " + cond)
    need(uses[0].get("if") == cond, "the upload only after the tests ran: " + cond)
    need(uses[0]["uses"] == "github/codeql-action/upload-sarif@v4", "upload-sarif@v4 (v3 is retired)")
# The build is docs/build.md's recommended one: liblockdep installed from its
# checkout, its bin on the PATH, and the CMake commands of build.md's CMake block
# (the compiler wrapper), not flags of our own that replace the project's.
def commands(text):
    return [" ".join(c.split()) for c in text.replace("\\\n", " ").split("\n") if c.strip()]
doc = open("docs/build.md").read()
block = doc[doc.index("## CMake"):]
block = block[block.index("```sh\n") + 6:]
doc_cmake = [c for c in commands(block[:block.index("```")]) if c.startswith("cmake ")]
need(len(doc_cmake) == 2, "docs/build.md's CMake block: %r" % doc_cmake)
for job in jobs.values():
    cmds = [c for s in job["steps"] for c in commands(s.get("run", ""))]
    need([c for c in cmds if c.startswith("cmake ")] == doc_cmake,
         "the build is not docs/build.md's: %r" % [c for c in cmds if c.startswith("cmake ")])
    install = [c for c in cmds if c.startswith("make ") and " install " in c + " "]
    need(len(install) == 1 and 'PREFIX="$RUNNER_TEMP/liblockdep"' in install[0],
         "no make install into the job's prefix: %r" % install)
    need('echo "$RUNNER_TEMP/liblockdep/bin" >> "$GITHUB_PATH"' in cmds, "the prefix's bin not on the PATH")
    need(any(c.startswith("lockdep --merge-sarif ") for c in cmds), "the merge is not the installed lockdep's")
    for c in cmds:
        for old in ("CMAKE_C_FLAGS", "CMAKE_CXX_FLAGS", "CMAKE_EXE_LINKER_FLAGS", "liblockdep.h", "liblockdep.o"):
            need(old not in c, "flags of its own (%s): %r" % (old, c))
PY
else
	echo "SKIP sarif_merge workflow YAML: needs python3-yaml"
fi
