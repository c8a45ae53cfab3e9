# The SARIF log's links (src/sarif_rule_help.c): the driver's informationUri and each
# rule's helpUri, absolute URIs as SARIF 2.1.0's toolComponent and reportingDescriptor
# want them. By default they point at the kernel's lockdep page, each rule at the
# section on its kind (a kind the page does not cover has no helpUri). Built with
# LIBLOCKDEP_DOCS_URL (make install DOCS_URL=...), the tool links docs/reports.md and
# every rule a section of docs/fixing.md that exists. An AB-BA and a thread that exits
# holding locks (tests/scenarios): rules circular (a kernel section) and held-at-exit
# (none), in both flavours; lockdep --merge-sarif keeps the links; make passes DOCS_URL
# to the library and to the merger.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
docs_url="file://$top/docs/"
cflags="-O1 -g -pthread -Itests/scenarios"
progs="abba_one_thread thread_exit_holding_locks"
$cc -O1 -c -DLIBLOCKDEP -DLIBLOCKDEP_DOCS_URL="\"$docs_url\"" liblockdep.c -o "$out/docs.o"
$cc -O1 -I. -DLIBLOCKDEP -DLIBLOCKDEP_DOCS_URL="\"$docs_url\"" -pthread tools/merge_sarif.c \
	liblockdep.c -o "$out/merge"
mkdir "$out/dropin" "$out/preload" "$out/docs"
for prog in $progs; do
	src=tests/scenarios/$prog.c
	$cc $cflags -DLIBLOCKDEP -include liblockdep.h "$src" "$build/liblockdep.o" -o "$out/$prog"
	$cc $cflags "$src" -o "$out/$prog.plain"
	$cc $cflags -DLIBLOCKDEP -include liblockdep.h "$src" "$out/docs.o" -o "$out/$prog.docs"
	LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/dropin/$prog.sarif" "$out/$prog" 2> /dev/null
	LD_PRELOAD=$build/liblockdep.so LIBLOCKDEP_EXITCODE=0 \
		LIBLOCKDEP_SARIF="$out/preload/$prog.sarif" "$out/$prog.plain" 2> /dev/null
	LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/docs/$prog.sarif" "$out/$prog.docs" 2> /dev/null
done
mkdir "$out/merged"
"$out/merge" "$out/merged/all.sarif" "$out/docs" 2> "$out/merge.err" ||
	{ echo "the merge failed:"; cat "$out/merge.err"; exit 1; }

python3 - "$out" "$docs_url" <<'PY'
import glob, json, re, sys
out, docs_url = sys.argv[1:]
kernel = 'https://docs.kernel.org/locking/lockdep-design.html'
# The sections of the kernel's Documentation/locking/lockdep-design.rst (Linux 6.12),
# by the ids docutils gives their titles.
kernel_sections = {'lock-class', 'state', 'single-lock-state-rules',
                   'multi-lock-dependency-rules',
                   'exception-nested-data-dependencies-leading-to-nested-locking',
                   'annotations', 'proof-of-100-correctness', 'performance',
                   'troubleshooting', 'recursive-read-locks', 'references'}
bad = []

def anchors(page):
    # GitHub's ids of a Markdown page's headings.
    ids = set()
    for line in open('docs/' + page):
        m = re.match(r'#+ (.*)', line)
        if m:
            ids.add(re.sub(r'[^a-z0-9 _-]', '', m.group(1).lower()).replace(' ', '-'))
    return ids

def absolute(uri):
    return isinstance(uri, str) and re.fullmatch(r'[A-Za-z][A-Za-z0-9+.-]*:[^\s]+', uri)

def check(name, expect_docs):
    rules, infos = {}, set()
    for log in glob.glob('%s/%s/*.sarif' % (out, name)):
        driver = json.load(open(log))['runs'][0]['tool']['driver']
        infos.add(driver.get('informationUri'))
        rules.update((r['id'], r) for r in driver['rules'])
    if sorted(rules) != ['circular', 'held-at-exit']:
        bad.append('%s: rules %s' % (name, sorted(rules)))
    info = infos.pop() if len(infos) == 1 else infos
    if not absolute(info):
        bad.append('%s: informationUri %r' % (name, info))
    if not expect_docs:
        if info != kernel:
            bad.append('%s: informationUri %r, not the kernel page' % (name, info))
        if rules.get('circular', {}).get('helpUri') != kernel + '#multi-lock-dependency-rules':
            bad.append('%s: circular helpUri %r' % (name, rules.get('circular', {}).get('helpUri')))
        if 'helpUri' in rules.get('held-at-exit', {}):
            bad.append('%s: held-at-exit links %r' % (name, rules['held-at-exit']['helpUri']))
        return
    if info != docs_url + 'reports.md':
        bad.append('%s: informationUri %r' % (name, info))
    for rule in rules.values():
        uri = rule.get('helpUri', '')
        page, _, anchor = uri[len(docs_url):].partition('#')
        if not uri.startswith(docs_url) or page != 'fixing.md' or anchor not in anchors(page):
            bad.append('%s: rule %s: helpUri %r names no section of docs/' % (name, rule['id'], uri))

check('dropin', False)
check('preload', False)
check('docs', True)
check('merged', True)
# Every kind's link, reported or not: a section of docs/fixing.md, and a section of the
# kernel's page or none.
table = open('src/sarif_rule_help.c').read()
links = re.findall(r'SARIF_HELP_URI\("([a-z-]+)", (NULL|SARIF_KERNEL\("([a-z0-9-]+)"\))\)',
                   table)
if len(links) != len(re.findall(r'^\t\{ "[a-z-]+", "[A-Za-z]+",$', table, re.M)):
    bad.append('%d links for the kinds of src/sarif_rule_help.c' % len(links))
for fixing, _, section in links:
    if fixing not in anchors('fixing.md'):
        bad.append('docs/fixing.md has no section #%s' % fixing)
    if section and section not in kernel_sections:
        bad.append('the kernel page has no section #%s' % section)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
PY

# make gives DOCS_URL to what writes a log, the library and the merger, with one '/'
# at its end.
for url in https://example.org/docs/ https://example.org/docs; do
	defines=$(make -n -B BUILD="$out/make" DOCS_URL=$url \
		"$out/make/liblockdep.so" "$out/make/lockdep-merge-sarif" |
		grep -c "LIBLOCKDEP_DOCS_URL='\"https://example.org/docs/\"'" || true)
	[ "$defines" = 2 ] || { echo "make DOCS_URL=$url: the define in $defines of 2 builds"; exit 1; }
done
