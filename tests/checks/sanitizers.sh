# Tier: all (slow: four builds of liblockdep.c under a sanitizer)
# With the sanitizers a CI already runs: gcc's and clang's AddressSanitizer and
# ThreadSanitizer, each with the drop-in (built into the program: gcc's crashed
# before main(), status 139) and with ./lockdep on the plain sanitized build (gcc's
# ASan refused to start after a preloaded library). Each run reaches main(), prints
# the program's output and liblockdep's one circular report, status 66 (ThreadSanitizer
# reports the inversion too). A compiler without a sanitizer's runtime is a SKIP.
set -eu
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/make -s preload > "$out/make" 2>&1 || { echo "make preload: $(cat "$out/make")"; exit 1; }
cat > "$out/abba.c" <<'C'
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

int main(void)
{
	nest(&accounts, &journal);
	nest(&journal, &accounts);
	puts("done");
	return 0;
}
C
cd "$out"
echo 'int main(void) { return 0; }' > empty.c
missing=

# run NAME PROGRAM...: the output, one circular report of liblockdep's, status 66.
run() {
	name=$1
	shift
	status=0
	"$@" > "$name.out" 2> "$name.err" || status=$?
	reports=$(grep -c '^WARNING: possible circular locking dependency detected$' "$name.err" || :)
	[ "$status" -eq 66 ] && [ "$reports" -eq 1 ] && [ "$(cat "$name.out")" = done ] &&
		grep -qF '(accounts)' "$name.err" && grep -qF '(journal)' "$name.err" ||
		{ echo "$name: status $status, $reports reports: $(head -c 600 "$name.err")"; exit 1; }
}

for cc in gcc clang; do
	for sanitizer in address thread; do
		if ! $cc -fsanitize=$sanitizer empty.c -o empty 2> /dev/null || ! ./empty; then
			missing="$missing $cc's -fsanitize=$sanitizer runtime,"
			continue
		fi
		$cc -O1 -g -fsanitize=$sanitizer -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread \
			abba.c "$top/liblockdep.c" -o "drop-in-$cc-$sanitizer" 2> /dev/null
		$cc -O1 -g -fsanitize=$sanitizer -pthread abba.c -o "plain-$cc-$sanitizer"
		run "drop-in-$cc-$sanitizer" "./drop-in-$cc-$sanitizer"
		run "lockdep-$cc-$sanitizer" "$top/lockdep" "./plain-$cc-$sanitizer"
	done
done
[ -z "$missing" ] || echo "SKIP sanitizers: needs${missing%,}"
