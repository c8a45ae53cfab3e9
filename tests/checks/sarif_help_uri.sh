# The SARIF log's links (src/sarif_rule_help.c): the driver's informationUri and each
# rule's helpUri, absolute URIs as SARIF 2.1.0's toolComponent and reportingDescriptor
# want them. By default they point at the kernel's lockdep page, each rule at the
# section on its kind (a kind the page does not cover has no helpUri). Built with
# LIBLOCKDEP_DOCS_URL (make install DOCS_URL=...), the tool links docs/reports.md and
# every rule a section of docs/fixing.md that exists. A program with an AB-BA and an
# unlock of a lock not held: rules circular (a kernel section) and bad-unlock (none),
# in both flavours; lockdep --merge-sarif keeps the links; make passes DOCS_URL to the
# library and to the merger.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/prog.c" <<'C'
#include <pthread.h>
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t never_locked = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
int main(void)
{
	pthread_mutex_lock(&config_lock);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_unlock(&cache_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_lock(&cache_lock);
	pthread_mutex_lock(&config_lock);
	pthread_mutex_unlock(&config_lock);
	pthread_mutex_unlock(&cache_lock);
	return pthread_mutex_unlock(&never_locked) == 0;
}
C
docs_url="file://$top/docs/"
cflags="-O1 -g -D_GNU_SOURCE -pthread"
$cc $cflags -DLIBLOCKDEP -include liblockdep.h "$out/prog.c" "$build/liblockdep.o" -o "$out/dropin"
$cc $cflags "$out/prog.c" -o "$out/plain"
$cc -O1 -c -DLIBLOCKDEP -DLIBLOCKDEP_DOCS_URL="\"$docs_url\"" liblockdep.c -o "$out/docs.o"
$cc $cflags -DLIBLOCKDEP -include liblockdep.h "$out/prog.c" "$out/docs.o" -o "$out/docs"
$cc -O1 -I. -DLIBLOCKDEP -DLIBLOCKDEP_DOCS_URL="\"$docs_url\"" -pthread tools/merge_sarif.c \
	liblockdep.c -o "$out/merge"
LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/dropin.sarif" "$out/dropin" 2> /dev/null
LD_PRELOAD=$build/liblockdep.so LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/preload.sarif" \
	"$out/plain" 2> /dev/null
LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SARIF="$out/docs.sarif" "$out/docs" 2> /dev/null
"$out/merge" "$out/merged.sarif" "$out/docs.sarif" 2> "$out/merge.err" ||
	{ echo "the merge failed:"; cat "$out/merge.err"; exit 1; }

python3 - "$out" "$docs_url" <<'PY'
import json, re, sys
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
    return re.fullmatch(r'[A-Za-z][A-Za-z0-9+.-]*:[^\s]+', uri or '') is not None

def check(name, expect_docs):
    run = json.load(open('%s/%s.sarif' % (out, name)))['runs'][0]
    driver = run['tool']['driver']
    info = driver.get('informationUri')
    rules = {r['id']: r for r in driver['rules']}
    if sorted(rules) != ['bad-unlock', 'circular']:
        bad.append('%s: rules %s' % (name, sorted(rules)))
    if not absolute(info):
        bad.append('%s: informationUri %r' % (name, info))
    if not expect_docs:
        if info != kernel:
            bad.append('%s: informationUri %r, not the kernel page' % (name, info))
        if rules.get('circular', {}).get('helpUri') != kernel + '#multi-lock-dependency-rules':
            bad.append('%s: circular helpUri %r' % (name, rules.get('circular', {}).get('helpUri')))
        if 'helpUri' in rules.get('bad-unlock', {}):
            bad.append('%s: bad-unlock links %r' % (name, rules['bad-unlock']['helpUri']))
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

# make gives DOCS_URL to what writes a log: the library and the merger.
defines=$(make -n -B BUILD="$out/make" DOCS_URL=https://example.org/docs/ \
	"$out/make/liblockdep.so" "$out/make/lockdep-merge-sarif" |
	grep -c "LIBLOCKDEP_DOCS_URL='\"https://example.org/docs/\"'" || true)
[ "$defines" = 2 ] || { echo "make passes DOCS_URL to $defines of 2 builds"; exit 1; }
