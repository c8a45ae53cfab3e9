# A C++ lock's location in each process's own JSON and SARIF logs is the user's
# file:line, as its "at:" in the text is (tests/checks/cxx_locations_skip_plumbing.sh),
# never libstdc++'s (gthr-default.h, std_mutex.h, the guards' headers): at -O0, where
# that plumbing is out of line, and at -O2; built into the program and under
# ./lockdep. The member-mutex inversion of tests/scenarios/cxx_member_mutex_abba_O*.cc
# with LIBLOCKDEP_SYMBOLIZE=addr2line: each JSON stack's "location" is in
# cxx_member_mutex_abba.h in shop::, and the SARIF result and each code-flow step are
# there too, the result at audit()'s scoped_lock (line 33).
set -eu
cxx=${CXX:-g++}
build=$(cd "${BUILD:-build/tests}" && pwd)
if ! command -v addr2line > /dev/null; then
	echo "SKIP cxx_locations_in_json_sarif: needs binutils"
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=addr2line

# $1: the JSON log, $2: the SARIF log, $3: what ran; fails unless every location is
# the user's.
locations_are_users() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
json_log, sarif_log, what = sys.argv[1:]
header = 'tests/scenarios/cxx_member_mutex_abba.h'
bad = []
reports = [r for r in map(json.loads, open(json_log)) if r['type'] == 'report']
if len(reports) != 1:
    bad.append('%d JSON reports, not 1' % len(reports))
for r in reports:
    for stack in r['chain'] + r['stacks']:
        place = stack.get('location', {})
        if (not place.get('file', '').endswith('/' + header) or
                not place.get('function', '').startswith('shop::')):
            bad.append('JSON %s at %s' % (stack['title'], place))
run = json.load(open(sarif_log))['runs'][0]
results = run['results']
if len(results) != 1:
    bad.append('%d SARIF results, not 1' % len(results))
for result in results:
    places = [('result', result['locations'][0])]
    for flow in result['codeFlows'][0]['threadFlows']:
        places += [('step', step['location']) for step in flow['locations']]
    for what_place, place in places:
        physical = place.get('physicalLocation', {})
        uri = physical.get('artifactLocation', {}).get('uri')
        if uri != header:
            bad.append('SARIF %s at %s' % (what_place, physical or place))
    line = result['locations'][0].get('physicalLocation', {}).get('region', {}).get('startLine')
    if line != 33:
        bad.append('SARIF result at line %s, not 33 (audit()\'s scoped_lock)' % line)
for b in bad:
    print('%s: %s' % (what, b))
sys.exit(1 if bad else 0)
PY
}

failed=0
for level in O0 O2; do
	src=tests/scenarios/cxx_member_mutex_abba_$level.cc
	$cxx -$level -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src" \
		"$build/liblockdep.o" -o "$out/drop-in" -ldl
	$cxx -$level -g -pthread "$src" -o "$out/plain"
	for how in drop-in lockdep; do
		rm -f "$out/json" "$out/sarif"
		if [ $how = drop-in ]; then
			LIBLOCKDEP_JSON="$out/json" LIBLOCKDEP_SARIF="$out/sarif" \
				"$out/drop-in" 2> "$out/err"
		else
			LIBLOCKDEP_JSON="$out/json" LIBLOCKDEP_SARIF="$out/sarif" \
				./lockdep "$out/plain" 2> "$out/err"
		fi
		locations_are_users "$out/json" "$out/sarif" "$level $how" || failed=1
	done
done
exit $failed
