# The committed liblockdep.c/.h are exactly what amalgamate.py generates from the
# committed inputs (run it and commit both after changing src/, uinclude/ or the
# kernel snapshot).
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
python3 amalgamate.py --output-dir "$out" > /dev/null
for f in liblockdep.c liblockdep.h; do
	if ! cmp -s "$f" "$out/$f"; then
		echo "$f is stale: run 'python3 amalgamate.py' and commit it"
		diff -u "$f" "$out/$f" | head -20
		exit 1
	fi
done
# Same inputs, same bytes: a second run changes nothing.
python3 amalgamate.py --output-dir "$out" > "$out/again.txt"
grep -q '^unchanged.*liblockdep.c' "$out/again.txt"
