# A misspelled LIBLOCKDEP_* variable dropped its setting without a word (a typo in
# _RULES, _SARIF or _GRAPH loses the suppressions, the upload or the graph in CI):
# each unknown one gives one line, with the known name a typo away, in both flavours;
# the program's output and status are its own. Every variable anything of liblockdep
# reads (the settings, the tools', the wrappers', the test runner's) is known.
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/prog.c" <<'C'
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	pthread_mutex_lock(&lock);
	pthread_mutex_unlock(&lock);
	puts("done");
	return 3;
}
C
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/prog.c" liblockdep.c -o "$out/drop-in"
$cc -O2 -g -pthread "$out/prog.c" -o "$out/plain"
make -s preload > /dev/null 2>&1
cat > "$out/want" <<'EOF2'
liblockdep: LIBLOCKDEP_EXITCOD is not a liblockdep variable, ignored (did you mean LIBLOCKDEP_EXITCODE?)
liblockdep: LIBLOCKDEP_SYMBOLISE is not a liblockdep variable, ignored (did you mean LIBLOCKDEP_SYMBOLIZE?)
liblockdep: LIBLOCKDEP_WHATEVER is not a liblockdep variable, ignored (lockdep --help lists them)
EOF2
for prog in "$out/drop-in" "tests/lockdep_summary_stripped $out/plain"; do
	status=0
	env LIBLOCKDEP_SYMBOLISE=addr2line LIBLOCKDEP_EXITCOD=0 LIBLOCKDEP_WHATEVER=1 \
		$prog > "$out/stdout" 2> "$out/err" || status=$?
	[ $status -eq 3 ] && [ "$(cat "$out/stdout")" = done ] ||
		{ echo "$prog: exit $status, output $(cat "$out/stdout")"; exit 1; }
	sort "$out/err" | diff "$out/want" - ||
		{ echo "$prog: not one line for each unknown variable"; exit 1; }
done

# Every name read: each set, empty, must not be called unknown.
names=$( { grep -oh 'getenv("LIBLOCKDEP[A-Z_]*")' src/*.c | sed 's/.*("\(.*\)")/\1/'
	sed -n '/^ \* RUN TIME/,/^ \*$/p' src/liblockdep.h | sed -n 's/^ \*   \(LIBLOCKDEP[A-Z_]*\)=.*/\1/p'
	grep -oh '\${LIBLOCKDEP_[A-Z_]*' lockdep lockdep-cc lockdep-c++ tests/run.sh | sed 's/^\${//'
	} | sort -u)
[ "$(echo "$names" | wc -l)" -ge 20 ] || { echo "not a test: names read: $names"; exit 1; }
set --
for name in $names; do
	set -- "$@" "$name="
done
env "$@" "$out/drop-in" > /dev/null 2> "$out/err" || true
! grep 'not a liblockdep variable' "$out/err" || exit 1
