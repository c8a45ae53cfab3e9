# LIBLOCKDEP_SARIF: the demo's SARIF log, checked for the structure GitHub code scanning
# reads (version, $schema, rules, results with ruleId, partialFingerprints, locations,
# code flows), with file:line through addr2line; a correct program's log has no
# result.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread examples/demo.c "$build/liblockdep.o" -o "$out/demo"
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread tests/scenarios/correct_program.c \
	"$build/liblockdep.o" -o "$out/correct"

set +e
LIBLOCKDEP_SYMBOLIZE=addr2line LIBLOCKDEP_SARIF="$out/demo.sarif" "$out/demo" > /dev/null 2> "$out/err"
status=$?
set -e
[ "$status" = 66 ] || { echo "demo: exit status $status"; cat "$out/err"; exit 1; }
fingerprint=$(sed -n 's/^fingerprint: //p' "$out/err")

python3 - "$out/demo.sarif" "$fingerprint" examples/demo.c <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
fingerprint, source = sys.argv[2], sys.argv[3]
def need(cond, what):
    if not cond:
        sys.exit("SARIF: " + what)
need(log.get("version") == "2.1.0", "version is not 2.1.0")
need("sarif-2.1.0" in log.get("$schema", ""), "no SARIF 2.1.0 $schema")
need(len(log["runs"]) == 1, "not one run")
run = log["runs"][0]
driver = run["tool"]["driver"]
need(driver["name"] == "liblockdep", "driver name")
rules = driver["rules"]
need([r["id"] for r in rules] == ["circular"], "rules %r" % [r["id"] for r in rules])
need(all(r["shortDescription"]["text"] and r["fullDescription"]["text"] for r in rules), "rule descriptions")
results = run["results"]
need(len(results) == 1, "%d results" % len(results))
res = results[0]
need(res["ruleId"] == "circular" and rules[res["ruleIndex"]]["id"] == "circular", "ruleId/ruleIndex")
need(res["level"] == "error" and res["message"]["text"].startswith("possible circular locking"), "message")
need("accounts_lock" in res["message"]["text"] and "audit_log_lock" in res["message"]["text"], "classes in message")
need(res["partialFingerprints"] == {"liblockdepFingerprint/v1": fingerprint}, "partialFingerprints %r, text %r" % (res["partialFingerprints"], fingerprint))
loc = res["locations"][0]["physicalLocation"]
need(loc["artifactLocation"] == {"uri": source, "uriBaseId": "%SRCROOT%"}, "location %r" % loc)
need(run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file:///") and
     run["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/"), "SRCROOT")
lines = open(source).read().split("\n")
def lock_line(location):
    line = location["physicalLocation"]["region"]["startLine"]
    return "pthread_mutex_lock" in lines[line - 1]
need(lock_line(res["locations"][0]), "the location's line takes no lock")
steps = res["codeFlows"][0]["threadFlows"][0]["locations"]
need(len(steps) == 3, "%d code-flow steps, expected the 2 links and the report" % len(steps))
need(steps[0]["location"]["message"]["text"].startswith("-> #1 (") and
     steps[1]["location"]["message"]["text"].startswith("-> #0 (") and
     steps[2]["location"]["message"]["text"] == "Call Trace:", "step messages")
need(all(lock_line(s["location"]) for s in steps), "a code-flow step is not at a pthread_mutex_lock() line")
need(all(s["location"]["logicalLocations"][0]["kind"] == "function" for s in steps), "logical locations")
need(len(res["stacks"]) == 3 and all(st["frames"] for st in res["stacks"]), "stacks")
PY

# No report: a log all the same, with no rule and no result.
LIBLOCKDEP_SARIF="$out/correct.sarif" "$out/correct"
python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
sys.exit(0 if run["results"] == [] and run["tool"]["driver"]["rules"] == [] else "correct program: %r" % run)
' "$out/correct.sarif"
