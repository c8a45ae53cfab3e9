# Sources in a directory whose name holds a space, with the built-in line tables and
# LIBLOCKDEP_SYMBOLIZE=addr2line, in both flavours: each frame's file:line is whole in the text, JSON keeps it, and
# SARIF's primary location is the program's source, not the C library's.
set -eu
cc=${CC:-cc}
build=$(cd "${BUILD:-build/tests}" && pwd)
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir "$out/my src"
cp tests/scenarios/abba_one_thread.c "$out/my src/abba.c"
(cd "$out/my src" && $cc -O0 -g -I"$top/tests/scenarios" -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread abba.c \
	"$build/liblockdep.o" -o abba-dropin &&
	$cc -O0 -g -I"$top/tests/scenarios" -pthread abba.c -o abba-preload)
for symbolize in builtin addr2line; do
for flavour in dropin preload; do
	preload=
	[ "$flavour" = preload ] && preload=$build/liblockdep.so
	rm -f "$out/json" "$out/sarif"
	(cd "$out/my src" && LD_PRELOAD=$preload LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=$symbolize \
		LIBLOCKDEP_JSON="$out/json" LIBLOCKDEP_SARIF="$out/sarif" "./abba-$flavour" 2> "$out/err")
	grep -q "^ *main+0x[0-9a-f]* ($out/my src/abba.c:[0-9]*)\$" "$out/err" ||
		{ echo "$symbolize $flavour: no whole file:line: $(grep 'main+' "$out/err")"; exit 1; }
	python3 - "$out/json" "$out/sarif" "$out/my src/abba.c" "$symbolize $flavour" <<'PY'
import json, sys
js, sarif, source, flavour = sys.argv[1:]
report = next(json.loads(l) for l in open(js) if '"fingerprint"' in l)
files = set()
def walk(x):
    if isinstance(x, dict):
        if "file" in x and "line" in x:
            files.add(x["file"])
        for v in x.values():
            walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
walk(report)
if source not in files:
    sys.exit("%s: JSON frames name no %s: %r" % (flavour, source, sorted(files)))
result = json.load(open(sarif))["runs"][0]["results"][0]
uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
if not uri.endswith("abba.c"):
    sys.exit("%s: SARIF's primary location is %s" % (flavour, uri))
PY
done
done
