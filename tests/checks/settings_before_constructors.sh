# A constructor that runs before liblockdep's takes locks in an order that can
# deadlock: the program's own, linked in the README's order (prog.c ... liblockdep.c),
# and under ./lockdep a library's. LIBLOCKDEP=0 and LIBLOCKDEP_LOG must be in force
# all the same, so settings are read at the first lock operation when that comes
# before liblockdep's constructor.
set -eu
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
printf '#include <stdio.h>\nint main(void) { puts("done"); return 0; }\n' > "$out/main.c"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread "$out/early.c" "$out/main.c" liblockdep.c \
	-o "$out/drop-in"
$cc -O2 -fPIC -shared -pthread "$out/early.c" -o "$out/libearly.so"
$cc -O2 "$out/main.c" -Wl,--no-as-needed -L"$out" -learly -Wl,-rpath,"$out" -o "$out/preload"
headline='WARNING: possible circular locking dependency detected'

# expect NAME STATUS COMMAND...: exit status STATUS, "done" on stdout, nothing on stderr.
expect() {
	name=$1 want=$2 status=0
	shift 2
	"$@" > "$out/stdout" 2> "$out/stderr" || status=$?
	if [ "$status" -ne "$want" ] || [ -s "$out/stderr" ] || [ "$(cat "$out/stdout")" != done ]; then
		echo "$name: exit status $status, stderr: $(head -c 600 "$out/stderr")"
		exit 1
	fi
}

for run in "$out/drop-in" "tests/lockdep_summary_stripped $out/preload"; do
	expect "LIBLOCKDEP=0 $run" 0 env LIBLOCKDEP=0 $run
	rm -f "$out/log"
	expect "LIBLOCKDEP_LOG $run" 66 env LIBLOCKDEP_LOG="$out/log" $run
	grep -qx "$headline" "$out/log" && grep -q '(early_a)' "$out/log" ||
		{ echo "LIBLOCKDEP_LOG $run: no report in the log"; exit 1; }
done
