# A SARIF rule is shared by every process and run that reports its kind (lockdep
# --merge-sarif puts them together), so its text names no thread or process: threads
# that exit holding locks (tests/scenarios/thread_exit_holding_locks.c) give the rule
# held-at-exit the words "WARNING: a thread still has locks held!", while each result's
# message names its own thread and process, by name (a tid or pid changes every run);
# a rule's name is words, not its id, and its help says how to fix the kind; every
# kind of report has such help (src/sarif_rule_help.c); in both flavours.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=tests/scenarios/thread_exit_holding_locks.c
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread -Itests/scenarios "$src" \
	"$build/liblockdep.o" -o "$out/exit_holder"
$cc -O2 -g -pthread -Itests/scenarios "$src" -o "$out/exit_holder_plain"
failed=0
for flavour in drop-in preload; do
	rm -f "$out/sarif"
	if [ $flavour = drop-in ]; then
		LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/sarif" "$out/exit_holder" 2> /dev/null
	else
		LD_PRELOAD=$build/liblockdep.so LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/sarif" \
			"$out/exit_holder_plain" 2> /dev/null
	fi
	python3 - "$out/sarif" "$flavour" <<'PY' || failed=1
import json, re, sys
log, flavour = sys.argv[1:]
run = json.load(open(log))['runs'][0]
bad = []
rules = {r['id']: r for r in run['tool']['driver']['rules']}
rule = rules.get('held-at-exit')
if not rule:
    bad.append('no rule held-at-exit in %s' % sorted(rules))
else:
    for field in ('shortDescription', 'fullDescription'):
        if rule[field]['text'] != 'WARNING: a thread still has locks held!':
            bad.append('%s is %r' % (field, rule[field]['text']))
for r in rules.values():
    text = json.dumps(r)
    if 'exit_holder' in text or re.search(r'/[0-9]+', text):
        bad.append('rule %s names a thread or process: %s' % (r['id'], text))
messages = [res['message']['text'] for res in run['results']]
# By name, not by tid or pid: the same problem of another run has the same text.
if len(messages) != 3 or not all(re.search(r'\(thread exit_holder[^/,]*, process '
                                           r'exit_holder[^/,]*\)$', m) for m in messages):
    bad.append('results do not name their thread and process by name: %r' % messages)
# A rule's name is words, not its id; its help says what the kind means and the fix.
for r in rules.values():
    if r.get('name') == r['id'] or not re.fullmatch(r'[A-Z][A-Za-z]+', r.get('name', '')):
        bad.append('rule %s: name %r' % (r['id'], r.get('name')))
    if 'Fix: ' not in r['help']['text']:
        bad.append('rule %s: help without a fix: %r' % (r['id'], r['help']['text']))
for b in bad:
    print('%s: %s' % (flavour, b))
sys.exit(1 if bad else 0)
PY
done
[ $failed -eq 0 ] || exit 1
kinds=$(sed -n '/^} report_slugs\[\] = {/,/^};/s/.*", "\([a-z-]*\)" },.*/\1/p' src/report_once.c | sort)
helps=$(sed -n 's/^\t{ "\([a-z-]*\)", "[A-Za-z]*",$/\1/p' src/sarif_rule_help.c | sort)
[ "$(echo "$kinds" | wc -l)" -ge 15 ] && [ "$kinds" = "$helps" ] ||
	{ echo "kinds of report [$(echo $kinds)], with SARIF help [$(echo $helps)]"; exit 1; }
