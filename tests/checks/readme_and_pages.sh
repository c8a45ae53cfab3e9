# The README stays short (under 15,000 bytes) and names every page under docs/ in its
# table; each page it names exists; every relative link of the README and the pages
# reaches a file, and a heading of it where it names one (GitHub's anchors). A user's
# page names no file of the test suite.
set -eu
size=$(wc -c < README.md)
[ "$size" -lt 15000 ] || { echo "README.md is $size bytes, not under 15000"; exit 1; }
python3 - <<'PY'
import os, re, sys

PAGES = ['settings', 'classes', 'guarantees', 'signals', 'test-suites',
         'lock-stat-and-hangs', 'cost', 'security', 'regenerate', 'build', 'reports',
         'fixing', 'limitations']

def anchors(path):
    """GitHub's anchor for each heading: lower case, punctuation out, blanks to -."""
    found = set()
    for line in open(path, encoding='utf-8'):
        m = re.match(r'#+ (.*)', line)
        if m:
            text = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower())
            found.add(text.replace(' ', '-'))
    return found

failed = False
readme = open('README.md', encoding='utf-8').read()
for page in PAGES + [f[:-3] for f in os.listdir('docs') if f.endswith('.md')]:
    if '](docs/%s.md)' % page not in readme:
        print('README.md does not link docs/%s.md' % page)
        failed = True
for page in ['README.md'] + sorted('docs/' + f for f in os.listdir('docs') if f.endswith('.md')):
    text = re.sub(r'```.*?```', '', open(page, encoding='utf-8').read(), flags=re.S)
    for link in re.findall(r'\]\(([^)\s]+)\)', text):
        if re.match(r'[a-z]+:', link):
            continue
        name, _, anchor = link.partition('#')
        target = os.path.normpath(os.path.join(os.path.dirname(page), name)) if name else page
        if not os.path.exists(target):
            print('%s: link to a missing file: %s' % (page, link))
            failed = True
        elif anchor and target.endswith('.md') and anchor not in anchors(target):
            print('%s: link to a missing heading: %s' % (page, link))
            failed = True
# A user's pages say what the reader needs instead of sending them into the test
# suite (its scenarios, checks, benchmarks...). The pages of evidence and for
# contributors (guarantees, security, cost, regenerate) name their tests on purpose.
USER_PAGES = ['README.md'] + ['docs/%s.md' % p for p in
    ('build', 'classes', 'fixing', 'limitations', 'reports', 'settings', 'signals',
     'test-suites', 'lock-stat-and-hangs')]
for page in USER_PAGES:
    text = re.sub(r'```.*?```|<!--.*?-->', '', open(page, encoding='utf-8').read(), flags=re.S)
    for line in text.split('\n'):
        if not line.startswith('    ') and re.search(r'tests/(scenarios|checks|bench|fuzz|sqlite|hang|projects|run\.sh)', line):
            print('%s: sends the reader into the test suite: %s' % (page, line.strip()))
            failed = True
sys.exit(failed)
PY
