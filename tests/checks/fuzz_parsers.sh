# Each fuzz target (tests/fuzz/*.c: the parsers of liblockdep's input) runs for a short
# while, 4 s each (FUZZ_SECONDS: with their builds, the check takes under a minute),
# and finds nothing; make fuzz runs them for longer.
# Skipped where clang cannot build a libFuzzer target.
# Tier: all (fuzzing: each target built with ASan and UBSan, then run)
set -u
status=0
out=$(FUZZ_SECONDS=${FUZZ_SECONDS:-4} BUILD=${BUILD:-build/tests} sh tests/fuzz/run.sh) || status=$?
echo "$out"
if [ "$status" -eq 77 ]; then
	echo "SKIP: $out"
	exit 0
fi
exit "$status"
