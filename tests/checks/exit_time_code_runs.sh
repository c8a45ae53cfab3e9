# A checked program runs all of its exit-time code, as the plain one does: atexit
# handlers registered before and after liblockdep's, C++ static destructors, destructor functions of the program and of a library; and its exit status is
# LIBLOCKDEP_EXITCODE's when a report was printed anywhere before the process ended,
# also when the first report comes from a destructor. Drop-in (linked in the
# README's order, liblockdep.c last) and preloaded.
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# INVERT_AT says where the second, reversed order is taken: main or a destructor.
cat > "$out/prog.c" <<'C'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second = PTHREAD_MUTEX_INITIALIZER;
void library_says(const char *what);

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

static void invert(void) { nest(&second, &first); }
static void atexit_early(void) { puts("atexit registered before main"); }
static void atexit_late(void) { puts("atexit registered in main"); }

__attribute__((constructor)) static void start(void) { atexit(atexit_early); }

__attribute__((destructor)) static void stop(void)
{
	puts("destructor function");
	if (INVERT_AT_EXIT)
		invert();
}

int main(void)
{
	atexit(atexit_late);
	nest(&first, &second);
	if (!INVERT_AT_EXIT)
		invert();
	library_says("main");
	return 3;
}
C
cat > "$out/object.cc" <<'C'
#include <stdio.h>

struct static_object {
	~static_object() { puts("C++ static destructor"); }
} object;
C
cat > "$out/lib.c" <<'C'
#include <stdio.h>

static const char *last = "nothing";
void library_says(const char *what) { last = what; }
__attribute__((destructor)) static void library_stop(void)
{
	printf("library destructor after %s\n", last);
}
C
want="atexit registered in main
C++ static destructor
atexit registered before main
destructor function
library destructor after main"

$cc -O2 -fPIC -shared "$out/lib.c" -o "$out/liblast.so"
$cc -O2 -DLIBLOCKDEP -c liblockdep.c -o "$out/liblockdep.o"
$cxx -O2 -c "$out/object.cc" -o "$out/object.o"
for at_exit in 0 1; do
	$cc -O2 -DINVERT_AT_EXIT=$at_exit -DLIBLOCKDEP -include liblockdep.h -pthread \
		-c "$out/prog.c" -o "$out/prog.o"
	$cxx -pthread "$out/prog.o" "$out/object.o" "$out/liblockdep.o" -L"$out" -llast -Wl,-rpath,"$out" \
		-o "$out/dropin$at_exit"
	$cc -O2 -DINVERT_AT_EXIT=$at_exit -pthread -c "$out/prog.c" -o "$out/prog.o"
	$cxx -pthread "$out/prog.o" "$out/object.o" -L"$out" -llast \
		-Wl,-rpath,"$out" -o "$out/plain$at_exit"
	status=0
	"$out/plain$at_exit" > "$out/plain.out" || status=$?
	[ "$status" -eq 3 ] && [ "$(cat "$out/plain.out")" = "$want" ] ||
		{ echo "plain build: exit $status: $(cat "$out/plain.out")"; exit 1; }
	for flavour in dropin preload; do
		exe=$out/dropin$at_exit run=
		[ $flavour = preload ] && exe=$out/plain$at_exit run=./lockdep
		status=0
		$run "$exe" > "$out/$flavour.out" 2> "$out/$flavour.err" || status=$?
		[ "$(cat "$out/$flavour.out")" = "$want" ] ||
			{ echo "$flavour, inverted at exit=$at_exit: exit-time output:"; \
			  cat "$out/$flavour.out"; exit 1; }
		[ "$status" -eq 66 ] ||
			{ echo "$flavour, inverted at exit=$at_exit: exit status $status, not 66"; exit 1; }
		grep -q '^WARNING: possible circular locking dependency detected$' \
			"$out/$flavour.err" ||
			{ echo "$flavour, inverted at exit=$at_exit: no report"; exit 1; }
	done
done
