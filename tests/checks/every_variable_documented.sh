# Every run-time variable that liblockdep.h lists (its RUN TIME section) is in
# "lockdep --help", in lockdep(1) and on the settings page (docs/settings.md, as
# "`VARIABLE="), so that none falls behind the code; and the man page is well-formed
# roff where groff is installed.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sed -n '/^ \* RUN TIME/,/^ \*$/p' src/liblockdep.h |
	sed -n 's/^ \*   \(LIBLOCKDEP[A-Z_]*\)=.*/\1/p' > "$out/variables"
[ "$(wc -l < "$out/variables")" -ge 8 ] ||
	{ echo "no RUN TIME list found in src/liblockdep.h"; exit 1; }
./lockdep --help > "$out/help"
failed=0
while read -r variable; do
	if ! grep -q "^  $variable=" "$out/help"; then
		echo "lockdep --help does not list $variable"
		failed=1
	fi
	if ! grep -q "^\.B[I]* $variable=" docs/lockdep.1; then
		echo "docs/lockdep.1 does not list $variable"
		failed=1
	fi
	if ! grep -q "\`$variable=" docs/settings.md; then
		echo "docs/settings.md does not list $variable"
		failed=1
	fi
done < "$out/variables"
if command -v groff > /dev/null; then
	groff -man -ww -z docs/lockdep.1 2> "$out/groff" || failed=1
	if [ -s "$out/groff" ]; then
		echo "groff: $(head -c 600 "$out/groff")"
		failed=1
	fi
else
	echo "SKIP every_variable_documented: needs groff (the man page's roff not checked)"
fi
exit $failed
