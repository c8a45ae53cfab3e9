# Preloaded, liblockdep checks locks taken before it could set anything up: in the
# constructor of a library the program links with, which the loader runs before
# liblockdep.so's. Each real locking function is looked up at its first call.
set -eu
# Reports must not change the exit statuses this check looks at.
export LIBLOCKDEP_EXITCODE=0
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/early.c" <<'C'
#include <pthread.h>

static pthread_mutex_t early_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t early_b = PTHREAD_MUTEX_INITIALIZER;

__attribute__((constructor)) static void invert_early(void)
{
	pthread_mutex_lock(&early_a);
	pthread_mutex_lock(&early_b);
	pthread_mutex_unlock(&early_b);
	pthread_mutex_unlock(&early_a);
	pthread_mutex_lock(&early_b);
	pthread_mutex_lock(&early_a);
	pthread_mutex_unlock(&early_a);
	pthread_mutex_unlock(&early_b);
}
C
printf 'int main(void) { return 0; }\n' > "$out/main.c"
$cc -O2 -fPIC -shared -pthread "$out/early.c" -o "$out/libearly.so"
$cc -O2 "$out/main.c" -Wl,--no-as-needed -L"$out" -learly -Wl,-rpath,"$out" -o "$out/main"
LD_DEBUG=files ./lockdep "$out/main" 2> "$out/log"
grep -q '^WARNING: possible circular locking dependency detected$' "$out/log"
grep -q '(early_a)' "$out/log"
# The order the check is about: the library's constructor ran first.
grep 'calling init:' "$out/log" | grep -n -e libearly.so -e liblockdep.so |
	head -n 1 | grep -q libearly.so
