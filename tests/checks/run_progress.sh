# tests/run.sh prints each result as its case ends, not when every job is done: a
# make test that said nothing for minutes looked hung. Here, in a tree of two checks
# run one after the other, the second waits until the first one's PASS line is
# already in the runner's output; the total stays the last line, as CI reads it.
set -eu
top=$PWD
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/tests/checks" "$tree/tests/scenarios"
cp tests/run.sh "$tree/tests/run.sh"
printf 'preload check-graph:\n\t@:\n' > "$tree/Makefile"
printf '# Tier: all (here)\nexit 0\n' > "$tree/tests/checks/a_first.sh"
cat > "$tree/tests/checks/b_waits.sh" <<'CHECK'
# Tier: all (here)
i=0
while ! grep -q '^PASS a_first' "$PROGRESS_OUT"; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || { echo "a_first's line not printed before b_waits ended"; exit 1; }
	sleep 0.1
done
CHECK
PROGRESS_OUT=$tree/out TIER=extra JOBS=1 CC=true LIBLOCKDEP_DIR=$top BUILD="$tree/build" \
	sh "$tree/tests/run.sh" > "$tree/out" 2>&1 || true
failed=0
grep -q '^PASS b_waits' "$tree/out" ||
	{ echo "the runner printed no line before its last check ended:"; cat "$tree/out"; failed=1; }
tail -n 1 "$tree/out" | grep -qx '2 passed, 0 failed, 0 skipped' ||
	{ echo "last line is not the total: $(tail -n 1 "$tree/out")"; failed=1; }
grep -qx -- '-- 2 checks, 1 at a time; each line comes as its check ends' "$tree/out" ||
	{ echo "no line saying how many checks run: $(cat "$tree/out")"; failed=1; }
exit $failed
