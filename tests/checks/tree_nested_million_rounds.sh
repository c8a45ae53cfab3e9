# Tier: all (a million rounds take seconds in each flavour)
# tests/scenarios/tree_nested_under_parent_destroyed.c at ten times its size: a
# million leaves made under their branch, locked down the tree from the root,
# destroyed and freed, 32 alive at a time. Correct: silent, exit 0, in both
# flavours; the instance graph keeps the edges of what is alive only.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=tests/scenarios/tree_nested_under_parent_destroyed.c
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src" liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread "$src" -o "$out/plain"
make -s preload > /dev/null 2>&1
for flavour in drop-in preload; do
	prog=$out/drop-in
	[ $flavour = preload ] && prog="tests/lockdep_summary_stripped $out/plain"
	status=0
	$prog 1000000 > "$out/out" 2> "$out/err" || status=$?
	if [ $status -ne 0 ] || [ -s "$out/err" ]; then
		echo "$flavour: a million rounds, exit $status:"
		head -c 1500 "$out/err"
		exit 1
	fi
done
