# The rules file (LIBLOCKDEP_RULES, src/rules.c) around the rules themselves (the
# scenarios rules_* show each kind at work): a file that cannot be read and each kind
# of bad line is one error line naming file:line and what is wrong, and makes the exit
# status a report's (66) in a correct program; a file that is not a rules file shows
# three errors of 16 quoted bytes each, then a count; the good lines still apply; with
# LIBLOCKDEP_SUMMARY=1 the suppressions are counted and rules that matched nothing are
# listed; in both flavours.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/correct.c" <<'C'
#include <pthread.h>
#include <stdlib.h>

/*
 * Two locks from one init site (one call of new_node(), in a loop the compiler cannot
 * unroll, so that they are not two callers' classes), each taken around a third lock but in the opposite
 * place: a fixed order of objects, which one class per site calls circular.
 */
static pthread_mutex_t big = PTHREAD_MUTEX_INITIALIZER;

static __attribute__((noinline)) pthread_mutex_t *new_node(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	pthread_mutex_init(m, NULL);
	return m;
}

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

int main(int argc, char **argv)
{
	pthread_mutex_t *nodes[2], *parent, *child;

	(void)argv;
	for (int i = 0; i < argc + 1 && i < 2; i++)
		nodes[i] = new_node();
	parent = nodes[0];
	child = nodes[1];
	nest(parent, &big);
	nest(&big, child);
	return 0;
}
C
$cc -O1 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/correct.c" "$build/liblockdep.o" -o "$out/correct"
$cc -O1 -g -pthread "$out/correct.c" -o "$out/plain"
circular='WARNING: possible circular locking dependency detected'

# run FLAVOUR RULES-TEXT VAR=VALUE...: runs the program with a rules file of that text
# (or none: "-"); $status, $out/err set.
run() {
	flavour=$1 text=$2
	shift 2
	rules=$out/test.rules
	if [ "$text" = - ]; then rm -f "$rules"; else printf '%s\n' "$text" > "$rules"; fi
	set +e
	if [ "$flavour" = preload ]; then
		env LIBLOCKDEP_RULES="$rules" LD_PRELOAD="$build/liblockdep.so" "$@" "$out/plain" 2> "$out/err"
	else
		env LIBLOCKDEP_RULES="$rules" "$@" "$out/correct" 2> "$out/err"
	fi
	status=$?
	set -e
}
expect() { [ "$status" = "$1" ] || { echo "$2: exit status $status, expected $1"; cat "$out/err"; exit 1; }; }
says() {
	[ "$(cat "$out/err")" = "$1" ] || { echo "$2: expected exactly: $1"; echo "got:"; cat "$out/err"; exit 1; }
}
has() { grep -qF -- "$1" "$out/err" || { echo "$2: no '$1' in:"; cat "$out/err"; exit 1; }; }
lacks() { ! grep -qF -- "$1" "$out/err" || { echo "$2: unexpected '$1' in:"; cat "$out/err"; exit 1; }; }

instance='classes instance function=new_node'
for f in drop-in preload; do
	run $f "$instance";	expect 0 "$f good";	says "" "$f good"
	run $f "# nothing";	expect 66 "$f no rule"; has "$circular" "$f no rule"
	run $f -;		expect 66 "$f missing"
	has "liblockdep: $out/test.rules: cannot read the rules: No such file or directory" "$f missing"
	[ "$(grep -c '^liblockdep: ' "$out/err")" = 1 ] || { echo "$f missing: not one error line"; exit 1; }
	run $f "$instance
supress circular" LIBLOCKDEP_EXITCODE=3; expect 3 "$f typo"
	says "liblockdep: $out/test.rules:2: unknown rule \"supress\" (expected wrapper, classes, name or suppress)" "$f typo"
	# Not a rules file (as LIBLOCKDEP_RULES=/etc/shadow would be): three errors quote
	# 16 bytes of the word at fault each, one line says how many more; no line shows
	# the file's lines.
	run $f "$(for u in root daemon bin sys sync games man lp; do
		echo "$u:\$y\$j9T\$SECRETSALTsecretsalt\$HASHhashHASHhash:19000:0:99999:7:::"; done)"
	expect 66 "$f shadow"
	has "liblockdep: $out/test.rules:1: unknown rule \"root:\$y\$j9T\$SECR...\" (expected wrapper, classes, name or suppress)" "$f shadow"
	has "liblockdep: $out/test.rules:2: unknown rule \"daemon:\$y\$j9T\$SE...\" (expected wrapper, classes, name or suppress)" "$f shadow"
	has "liblockdep: $out/test.rules:3: unknown rule \"bin:\$y\$j9T\$SECRE...\" (expected wrapper, classes, name or suppress)" "$f shadow"
	has "liblockdep: $out/test.rules: 5 more errors not shown" "$f shadow"
	[ "$(grep -c "^liblockdep: $out/test.rules" "$out/err")" = 4 ] ||
		{ echo "$f shadow: not 4 lines about the file"; cat "$out/err"; exit 1; }
	lacks "SECRETSALT" "$f shadow"
done
run drop-in "$instance" LIBLOCKDEP_RULES="$out"; expect 66 directory
has "liblockdep: $out: cannot read the rules: not a regular file" directory

# Each kind of bad line: one error line, the exit status a report's, the rest applies.
bad() {
	run drop-in "$instance
$1"
	expect 66 "bad: $1"
	says "liblockdep: $out/test.rules:2: $2" "bad: $1"
}
bad 'classes many function=f'	'classes needs site, stack or instance first'
bad 'classes site'		'classes needs function= or object='
bad 'wrapper make_lock'		'"make_lock" is not a condition (expected function=, object=, class=, fingerprint= or library=)'
bad 'wrapper fingerprint=x'	'wrapper does not take fingerprint='
bad 'name a(b) function=f'	'name needs a class name first (without ( ) { })'
bad 'name x class=a class=b'	'too many class= (at most 1)'
bad 'suppress'			'suppress needs a report kind or a condition'
bad 'suppress deadlock'		'unknown report kind "deadlock" (expected circular, recursive, wait-context, irq-unsafe-order, inconsistent, irq-inversion, bad-unlock, bad-contention, held-lock-freed, nested-lock, held-at-exit, held-returning, rcu, foreign-unlock, destroy-held, init-held, assert, annotation, capacity or *)'
bad 'suppress * function='	'function= needs a value'
bad 'suppress * object=a object=b' 'object= twice'
bad 'suppress a b c d e f g h i j k l m n o p q' 'more than 16 words'
bad "$(printf 'suppress \001')" 'control character 0x01'
bad "$(printf 'supress\303\251')" 'unknown rule "supress\xc3\xa9" (expected wrapper, classes, name or suppress)'
# A UTF-8 byte order mark first in the file is not part of its first rule.
run drop-in "$(printf '\357\273\277')$instance";	expect 0 "a BOM";	says "" "a BOM"

# With the summary: stale rules are listed, as the file says them.
run drop-in "$instance
wrapper function=no_such_helper   # stale
classes stack object=libnothing.so*
suppress * function=no_such_function" LIBLOCKDEP_SUMMARY=1
expect 0 stale
has "liblockdep: 0 reports suppressed by 0 rules" stale
has "liblockdep: $out/test.rules:2: rule matched nothing: wrapper function=no_such_helper" stale
has "liblockdep: $out/test.rules:3: rule matched nothing: classes stack object=libnothing.so*" stale
has "liblockdep: $out/test.rules:4: rule matched nothing: suppress * function=no_such_function" stale
lacks ":1: rule matched nothing" stale
# Suppression by library (every class of the report made in, or living in, it) and by
# object (a frame in it), counted in the summary; a report neither names is printed.
cat > "$out/helper.c" <<'C'
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t helper_a = PTHREAD_MUTEX_INITIALIZER, helper_b = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

void helper_invert(void)
{
	nest(&helper_a, &helper_b);
	nest(&helper_b, &helper_a);
}

pthread_mutex_t *helper_new_lock(void)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	pthread_mutex_init(m, NULL);
	return m;
}

void helper_call(void (*fn)(void))
{
	fn();
	__asm__ volatile("" ::: "memory");	/* not a tail call: keep this frame */
}
C
cat > "$out/user.c" <<'C'
#include <pthread.h>

void helper_invert(void);
pthread_mutex_t *helper_new_lock(void);
void helper_call(void (*fn)(void));

static pthread_mutex_t prog_a = PTHREAD_MUTEX_INITIALIZER, prog_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t prog_c = PTHREAD_MUTEX_INITIALIZER, prog_d = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

static void a_then_b(void) { nest(&prog_a, &prog_b); }
static void b_then_a(void) { nest(&prog_b, &prog_a); }

int main(void)
{
	pthread_mutex_t *x = helper_new_lock(), *y = helper_new_lock();

	helper_invert();				/* classes and frames in libhelper */
	nest(x, y);
	nest(y, x);					/* a class made in libhelper */
	a_then_b();
	helper_call(b_then_a);				/* a frame in libhelper */
	nest(&prog_c, &prog_d);
	nest(&prog_d, &prog_c);				/* nothing of libhelper's */
	return 0;
}
C
$cc -O1 -g -fPIC -shared -pthread "$out/helper.c" -o "$out/libhelper.so"
$cc -O1 -g -pthread "$out/user.c" -L"$out" -lhelper -Wl,-rpath,"$out" -o "$out/user"
printf '%s\n' 'suppress * library=libhelper.so' 'suppress * object=libhelper.so' \
	'suppress circular class=prog_c' > "$out/test.rules"
set +e
LIBLOCKDEP_RULES="$out/test.rules" LIBLOCKDEP_SUMMARY=1 LD_PRELOAD="$build/liblockdep.so" \
	"$out/user" 2> "$out/err"
status=$?
set -e
expect 66 library
[ "$(grep -c '^WARNING: ' "$out/err")" = 1 ] || { echo "library: not one report:"; cat "$out/err"; exit 1; }
has "rule to suppress it: suppress circular class=prog_c class=prog_d" library
has "liblockdep: 3 reports suppressed by 2 rules" library
has "liblockdep: $out/test.rules:3: rule matched nothing: suppress circular class=prog_c" library
lacks "helper_a" library
echo "rules file: errors, stale rules and exit status as documented"
