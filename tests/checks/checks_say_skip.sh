# A check that passes without checking hides a break: a part a check could not run
# here says "SKIP <check>: needs ..." (tests/run.sh then shows the check as SKIP with
# that reason), never a free-form line that reads as a pass. Here: no check prints
# "skipped" or "not checked" but on a SKIP line; and a run of tests/run.sh whose
# scenarios all fall outside its filter says SKIP for the JSON schema, not "PASS
# json-schema (checked 0 runs)".
set -eu
failed=0
# The echo lines of check $1 that say a part was left out, on no SKIP line.
unmarked() { grep -n 'echo "' "$1" | grep -i 'skipped\|not checked\|not run"' | grep -v 'echo "SKIP [a-z_]*[ :(]'; }
for check in tests/checks/*.sh; do
	[ "$check" = tests/checks/checks_say_skip.sh ] && continue
	unmarked "$check" > /dev/null || continue
	echo "$check: a part not run without a SKIP line:"
	unmarked "$check"
	failed=1
done
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/tests/checks" "$tree/tests/scenarios" "$tree/docs"
cp tests/run.sh tests/json_check.py "$tree/tests"
cp docs/liblockdep-json.schema.json "$tree/docs"
TIER=test SCENARIOS_ONLY=1 CC=true LIBLOCKDEP_DIR=$PWD BUILD="$tree/build" \
	sh "$tree/tests/run.sh" > "$tree/out" 2>&1 || true
grep -q '^SKIP json-schema' "$tree/out" ||
	{ echo "no scenario ran, and the JSON schema case says: $(grep json "$tree/out")"; failed=1; }
exit $failed
