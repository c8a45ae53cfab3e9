# Tier: all (make install and three CMake builds; needs cmake and python3-yaml)
# examples/github-code-scanning.yml run offline, end to end, as a runner would run it:
# each step in order in the job's workspace (a CMake C project with liblockdep as its
# submodule, a copy of this checkout), its `if:` evaluated as GitHub does (no status
# function means success() && ...), `run:` by bash -eo pipefail, ${{ runner.temp }}
# and ${{ github.workspace }} filled in, $GITHUB_PATH honoured; actions/checkout does
# nothing (the workspace is the checkout) and upload-sarif is replaced by a check of
# what it would upload. Three pushes:
# - a test with an AB-BA: the tests fail, the merge runs and the upload takes one log
#   of one run, its category, one "circular" result in src/orders.c, relative to
#   %SRCROOT%;
# - the order fixed: the tests pass, and the upload takes one run with no result (the
#   alert is closed);
# - a build that fails: no test runs, the merge and the upload are skipped, and no
#   lockdep.sarif is left (an always() merge exited 125 there and left a 0-byte log,
#   which the upload took: a log of no result closes every alert).
set -eu
command -v cmake > /dev/null && command -v ctest > /dev/null ||
	{ echo "SKIP workflow_offline: needs cmake"; exit 0; }
python3 -c 'import yaml' 2> /dev/null || { echo "SKIP workflow_offline: needs python3-yaml"; exit 0; }
top=$(pwd)
out=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$out"' EXIT
fail() { echo "FAIL workflow_offline: $1"; [ -z "${2:-}" ] || head -c 4000 "$2"; exit 1; }

ws=$out/workspace
mkdir -p "$ws/src" "$ws/tests" "$ws/third_party/liblockdep"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$ws/third_party/liblockdep" ||
	fail "no copy of the checkout"
cat > "$ws/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(shop C)
find_package(Threads REQUIRED)
add_library(orders src/orders.c)
target_link_libraries(orders PUBLIC Threads::Threads)
enable_testing()
add_executable(test_orders tests/test_orders.c)
target_link_libraries(test_orders PRIVATE orders)
add_test(NAME test_orders COMMAND test_orders)
CMAKE
# orders_c FIRST SECOND [BROKEN]: refund() takes FIRST, then SECOND; BROKEN a line
# that does not compile.
orders_c() {
	cat > "$ws/src/orders.c" <<C
#include <pthread.h>
static pthread_mutex_t stock_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t till_lock = PTHREAD_MUTEX_INITIALIZER;
static int stock, till;
${3:-}
void sell(void)
{
	pthread_mutex_lock(&stock_lock);
	pthread_mutex_lock(&till_lock);
	stock--;
	till++;
	pthread_mutex_unlock(&till_lock);
	pthread_mutex_unlock(&stock_lock);
}

void refund(void)
{
	pthread_mutex_lock(&$1);
	pthread_mutex_lock(&$2);
	stock++;
	till--;
	pthread_mutex_unlock(&$2);
	pthread_mutex_unlock(&$1);
}
C
}
cat > "$ws/tests/test_orders.c" <<'C'
void sell(void);
void refund(void);
int main(void)
{
	sell();
	refund();
	return 0;
}
C

# push NAME: the workflow run on the workspace as it is now, in a fresh job (a new
# runner temp directory, no build, no log); NAME.json says what happened.
push() {
	rm -rf "$ws/build" "$ws/lockdep.sarif" "$out/temp"
	mkdir "$out/temp"
	python3 - "$top/examples/github-code-scanning.yml" "$ws" "$out/temp" "$out/$1" \
		> "$out/$1.json" 2> "$out/$1.err" <<'PY' || fail "$1: the runner" "$out/$1.err"
import json, os, re, subprocess, sys, yaml

wf_file, ws, temp, logs = sys.argv[1:5]
wf = yaml.safe_load(open(wf_file))
(job,) = wf["jobs"].values()
path_file = os.path.join(temp, "github_path")
open(path_file, "w").close()
env = dict(os.environ, RUNNER_TEMP=temp, GITHUB_WORKSPACE=ws, GITHUB_PATH=path_file)
for name in list(env):
    if name.startswith("LIBLOCKDEP_"):
        del env[name]

def fill(text):
    known = {"runner.temp": temp, "github.workspace": ws}
    def one(m):
        if m.group(1) not in known:
            sys.exit("an expression this runner does not know: " + m.group(0))
        return known[m.group(1)]
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", one, str(text))

def condition(expr, outcomes, job_ok):
    expr = expr.strip()
    if expr.startswith("${{"):
        expr = expr[3:-2]
    if not re.search(r"\b(success|failure|always|cancelled)\(\)", expr):
        expr = "success() && (%s)" % expr
    expr = re.sub(r"steps\.([\w-]+)\.outcome", lambda m: repr(outcomes.get(m.group(1), "")), expr)
    for fn, value in (("success", job_ok), ("failure", not job_ok), ("always", True),
                      ("cancelled", False)):
        expr = expr.replace(fn + "()", repr(value))
    expr = expr.replace("&&", " and ").replace("||", " or ")
    expr = re.sub(r"!(?!=)", " not ", expr)
    return eval(expr, {"__builtins__": {}})

def upload(step):
    args = step.get("with", {})
    name = os.path.join(ws, args["sarif_file"])
    if not os.path.isfile(name) or os.path.getsize(name) == 0:
        return "failure", "no log, or an empty one: %s" % name
    log = json.load(open(name))
    if log.get("version") != "2.1.0" or len(log.get("runs", [])) != 1:
        return "failure", "not one SARIF 2.1.0 run"
    run = log["runs"][0]
    if run.get("automationDetails", {}).get("id") != args.get("category"):
        return "failure", "category %r, the log's %r" % (args.get("category"), run.get("automationDetails"))
    return "success", run

outcomes, record, uploaded, job_ok = {}, [], None, True
for n, step in enumerate(job["steps"]):
    sid = step.get("id", "step%d" % n)
    if not condition(str(step.get("if", "success()")), outcomes, job_ok):
        outcomes[sid] = "skipped"
        record.append([step.get("name", step.get("uses")), "skipped"])
        continue
    uses = step.get("uses", "")
    if uses.startswith("actions/checkout@"):
        outcome = "success"
    elif uses.startswith("github/codeql-action/upload-sarif@"):
        outcome, what = upload(step)
        if outcome == "success":
            uploaded = what
        else:
            print(what, file=sys.stderr)
    elif "run" in step:
        script = os.path.join(temp, "step%d.sh" % n)
        open(script, "w").write(step["run"])
        step_env = dict(env, **{k: fill(v) for k, v in step.get("env", {}).items()})
        extra = [l for l in open(path_file).read().split("\n") if l]
        step_env["PATH"] = ":".join(extra[::-1] + [env["PATH"]])
        with open("%s.step%d" % (logs, n), "w") as log:
            status = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                                     cwd=ws, env=step_env, stdin=subprocess.DEVNULL,
                                     stdout=log, stderr=subprocess.STDOUT)
        outcome = "success" if status == 0 else "failure"
    else:
        sys.exit("a step this runner does not know: %r" % step)
    outcomes[sid] = outcome
    job_ok = job_ok and outcome == "success"
    record.append([step.get("name", uses), outcome])
json.dump({"steps": record, "uploaded": uploaded,
           "left": os.path.exists(os.path.join(ws, "lockdep.sarif"))}, sys.stdout)
PY
}

# steps NAME: the outcome of each step of push NAME, one word a step.
steps() {
	python3 -c 'import json, sys; print(" ".join(s[1] for s in json.load(open(sys.argv[1]))["steps"]))' \
		"$out/$1.json"
}
# results NAME: the uploaded log's results as RULE@URI:LINE, or "none uploaded".
results() {
	python3 - "$out/$1.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["uploaded"]
if run is None:
    print("none uploaded")
    sys.exit()
for r in run["results"]:
    loc = r["locations"][0]["physicalLocation"]
    print("%s@%s%s:%d" % (r["ruleId"], loc["artifactLocation"].get("uriBaseId", ""),
                          loc["artifactLocation"]["uri"], loc["region"]["startLine"]))
PY
}

orders_c till_lock stock_lock
push report
# checkout, install, build, tests, merge, upload
[ "$(steps report)" = "success success success failure success success" ] ||
	fail "the AB-BA: steps $(steps report)" "$out/report.json"
refund_line=$(grep -n 'pthread_mutex_lock(&stock_lock);' "$ws/src/orders.c" | tail -1 | cut -d: -f1)
[ "$(results report)" = "circular@%SRCROOT%src/orders.c:$refund_line" ] ||
	fail "the AB-BA: the upload took $(results report), not the circular at src/orders.c:$refund_line" \
		"$out/report.json"

orders_c stock_lock till_lock
push fixed
[ "$(steps fixed)" = "success success success success success success" ] ||
	fail "the fixed order: steps $(steps fixed)" "$out/fixed.json"
[ -z "$(results fixed)" ] || fail "the fixed order: the upload took $(results fixed)" "$out/fixed.json"

orders_c stock_lock till_lock 'this line does not compile'
push broken
[ "$(steps broken)" = "success success failure skipped skipped skipped" ] ||
	fail "the failed build: steps $(steps broken)" "$out/broken.json"
[ "$(results broken)" = "none uploaded" ] && grep -q '"left": false' "$out/broken.json" ||
	fail "the failed build: $(results broken), a lockdep.sarif left" "$out/broken.json"
exit 0
