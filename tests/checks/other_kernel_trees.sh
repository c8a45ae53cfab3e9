# amalgamate.py regenerates from Debian's linux-source-6.1 and -6.12 tarballs, and
# the scenarios pass on each result; a tree without lockdep is refused by name.
# Tier: all (18 minutes of 32: two kernel trees; linux-source-6.1 and -6.12)
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for version in 6.1 6.12; do
	tarball=/usr/src/linux-source-$version.tar.xz
	[ -f "$tarball" ] || { echo "SKIP other_kernel_trees: needs linux-source-$version"; exit 0; }
	mkdir -p "$out/$version"
	python3 amalgamate.py --kernel "$tarball" --output-dir "$out/$version" > /dev/null
	if ! LIBLOCKDEP_DIR="$out/$version" BUILD="$out/$version/build" SCENARIOS_ONLY=1 \
		sh tests/run.sh > "$out/$version.log" 2>&1; then
		echo "scenarios fail on Linux $version:"
		grep -v '^PASS' "$out/$version.log"
		exit 1
	fi
done
mkdir -p "$out/empty/kernel/locking"
if python3 amalgamate.py --kernel "$out/empty" --output-dir "$out" 2> "$out/err"; then
	echo "a tree without lockdep was accepted"
	exit 1
fi
grep -q 'missing kernel/locking/lockdep.c' "$out/err"
