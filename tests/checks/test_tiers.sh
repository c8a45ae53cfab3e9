# make test is the daily loop: the README's set-up commands need no sudo (root in a
# container has none) and download no kernel tree; the checks that need a kernel
# tarball, libFuzzer or valgrind for all of their work are in make test-all
# ("# Tier: all"), and any other check that uses valgrind says SKIP without it; a
# tier of tests/run.sh runs the checks of that tier, and .ci/run runs make test and
# make test-extra, once each.
set -eu
failed=0
setup=$(awk '/^## Try it/ { on = 1; next } on && /^```sh/ { block = 1; next }
	block && /^```/ { exit } block { print }' README.md)
[ -n "$setup" ] || { echo "README.md: no set-up block under \"## Try it\""; exit 1; }
if printf '%s\n' "$setup" | grep -q 'sudo\|linux-source'; then
	echo "README.md's set-up commands use sudo or fetch a kernel tree: $setup"
	failed=1
fi
tier() { sed -n 's/^# Tier: \([a-z]*\).*/\1/p' "$1" | head -n 1; }
for check in other_kernel_trees fuzz_parsers valgrind_memcheck preload_valgrind \
	real_programs_silent warning_free_builds_matrix; do
	[ "$(tier "tests/checks/$check.sh")" = all ] || { echo "$check is not in tier all"; failed=1; }
done
for check in $(grep -l valgrind tests/checks/*.sh); do
	[ "$(tier "$check")" = all ] || [ "$check" = tests/checks/test_tiers.sh ] && continue
	grep -q 'SKIP [a-z_]*: needs valgrind' "$check" ||
		{ echo "$check uses valgrind in make test without a SKIP line"; failed=1; }
done
# Each tier runs its own checks (here: one check of each tier, nothing else; "true"
# as the compiler, so that nothing is built).
top=$PWD
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/tests/checks" "$out/tests/scenarios"
cp tests/run.sh "$out/tests/run.sh"
printf '# A daily check.\nexit 0\n' > "$out/tests/checks/daily.sh"
printf '# A slow one.\n# Tier: all (slow)\nexit 0\n' > "$out/tests/checks/slow.sh"
printf '# A check without its package.\necho "SKIP absent: needs something"\n' > "$out/tests/checks/absent.sh"
for tier in test all extra; do
	TIER=$tier CC=true CXX=true LIBLOCKDEP_DIR=$top BUILD="$out/build" sh "$out/tests/run.sh" 2>&1 |
		sed -n 's/^\(PASS\|SKIP\) \([a-z]*\).*/\2 \1/p' | grep -v json | sort | tr '\n' ' ' > "$out/$tier"
done
[ "$(cat "$out/test")" = "absent SKIP daily PASS " ] || { echo "TIER=test ran: $(cat "$out/test")"; failed=1; }
[ "$(cat "$out/all")" = "absent SKIP daily PASS slow PASS " ] || { echo "TIER=all ran: $(cat "$out/all")"; failed=1; }
[ "$(cat "$out/extra")" = "slow PASS " ] || { echo "TIER=extra ran: $(cat "$out/extra")"; failed=1; }
grep -qx 'make test' .ci/run && grep -qx 'make test-extra' .ci/run && ! grep -q '^make test-all' .ci/run ||
	{ echo ".ci/run does not run make test, then make test-extra"; failed=1; }
exit $failed
