# A program whose .preinit_array takes locks (before any library's constructor, and
# before the C library has set environ): drop-in, and a library built with the
# drop-in's header against liblockdep.so that the program alone calls, linked
# -Wl,--as-needed (liblockdep.so then loads after the C library). Each reads its
# LIBLOCKDEP_* settings all the same (the exit status below is one), reports the
# library's AB-BA, and the first lock calls none of the program's malloc (a failed
# dlsym() would: it allocates its error message).
set -eu
cc=${CC:-cc}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cp tests/projects/shared/ledger.c "$out"
cat > "$out/early.c" <<'C'
#include <stdio.h>
#include <stddef.h>

void ledger_post(void);
int ledger_audit(void);

static int counting, counted;
#ifdef COUNT_MALLOC
extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
void *malloc(size_t n) { counted += counting; return __libc_malloc(n); }
void free(void *p) { __libc_free(p); }
void *calloc(size_t n, size_t size) { counted += counting; return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { counted += counting; return __libc_realloc(p, n); }
#endif

static void early(int argc, char **argv, char **envp)
{
	(void)argc, (void)argv, (void)envp;
	counting = 1;
	ledger_post();
	ledger_audit();
	counting = 0;
}
__attribute__((used, section(".preinit_array"))) static void (*early_entry)(int, char **, char **) = early;

int main(void)
{
	printf("mallocs %d\n", counted);
	return 0;
}
C
cd "$out"
$cc -O2 -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC -shared -pthread -Wl,-soname,liblockdep.so \
	"$top/liblockdep.c" -o liblockdep.so -ldl
$cc -O2 -DLIBLOCKDEP -include "$top/liblockdep.h" -fPIC -shared ledger.c -o libledger.so \
	-L. -Wl,--no-as-needed -llockdep -Wl,-rpath,"$out"
$cc -O2 -DCOUNT_MALLOC -Wl,--as-needed early.c -L. -lledger -Wl,-rpath,"$out" -o as_needed
$cc -O2 -pthread -DLIBLOCKDEP -include "$top/liblockdep.h" early.c ledger.c \
	"$top/liblockdep.c" -o drop_in -ldl

for prog in as_needed drop_in; do
	status=0
	LIBLOCKDEP_EXITCODE=7 "./$prog" > "$prog.out" 2> "$prog.err" || status=$?
	[ "$status" -eq 7 ] || { echo "$prog exited $status: $(head -c 600 "$prog.err")"; exit 1; }
	grep -qx 'WARNING: possible circular locking dependency detected' "$prog.err" &&
		grep -qF '(accounts)' "$prog.err" && grep -qF '(journal)' "$prog.err" ||
		{ echo "$prog: no AB-BA between accounts and journal in $(head -c 600 "$prog.err")"; exit 1; }
	grep -qx 'mallocs 0' "$prog.out" || { echo "$prog printed $(cat "$prog.out")"; exit 1; }
done
