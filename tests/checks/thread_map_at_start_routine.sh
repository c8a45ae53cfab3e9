# A created thread's lock ("thread@worker<main", src/thread_join.c) is held "at:" its
# start routine, the user's function its class is named after, never at liblockdep's
# own frame that runs the thread (thread_life_run, thread_life_run_c11) nor at the C
# library's start_thread: in the text, the JSON and the SARIF logs, built into the
# program and under ./lockdep, for pthread_create() (the README's demo, whose report
# comes from inside the thread) and thrd_create(); with -g, at the line of the start
# routine's opening brace, where GCC's line table places its first instruction.
set -eu
build=$(cd "${BUILD:-build/tests}" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

# The C11 twin of the demo: the thread takes b then a while main took a then b.
cat > "$out/c11.c" <<'EOF'
#include <threads.h>

static mtx_t a, b;

static int c11_worker(void *arg)
{
	(void)arg;
	mtx_lock(&b);
	mtx_lock(&a);
	mtx_unlock(&a);
	mtx_unlock(&b);
	return 0;
}

int main(void)
{
	thrd_t t;

	mtx_init(&a, mtx_plain);
	mtx_init(&b, mtx_plain);
	mtx_lock(&a);
	mtx_lock(&b);
	mtx_unlock(&b);
	mtx_unlock(&a);
	thrd_create(&t, c11_worker, NULL);
	thrd_join(t, NULL);
	return 0;
}
EOF

failed=0
for prog in demo c11; do
	case $prog in
	demo)	src=$(pwd)/examples/demo.c start=rotate_audit_log ;;
	c11)	src=$out/c11.c start=c11_worker ;;
	esac
	brace=$(awk -v fn="$start(void *arg)" 'index($0, fn) { seen = 1 } seen && /^{/ { print NR; exit }' "$src")
	site="$start+0x0 ($src:$brace)"
	site_re=$(printf '%s' "$site" | sed 's/[].[*^$\/]/\\&/g')
	cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src" "$build/liblockdep.o" \
		-o "$out/$prog-drop-in" -ldl
	cc -O2 -g -pthread "$src" -o "$out/$prog-plain"
	for how in drop-in lockdep; do
		rm -f "$out/json" "$out/sarif"
		if [ $how = drop-in ]; then
			LIBLOCKDEP_JSON="$out/json" LIBLOCKDEP_SARIF="$out/sarif" \
				"$out/$prog-drop-in" > /dev/null 2> "$out/err" || true
		else
			LIBLOCKDEP_JSON="$out/json" LIBLOCKDEP_SARIF="$out/sarif" \
				./lockdep "$out/$prog-plain" > /dev/null 2> "$out/err" || true
		fi
		held=$(grep "(thread@$start<main){" "$out/err" | grep -c "^ #0: [0-9a-f]* (thread@$start<main){....}-{0:0}, at: $site_re$" || true)
		if [ "$held" -ne 1 ]; then
			echo "$prog $how: no held lock \"#0: ... (thread@$start<main){....}-{0:0}, at: $site\":"
			grep -n "thread@\|at:" "$out/err" || cat "$out/err"
			failed=1
		fi
		if ! grep -q "\"class\":\"thread@$start<main\",\"address\":\"0x[0-9a-f]*\",\"site\":\"$site_re\"" "$out/json"; then
			echo "$prog $how: the JSON log's held thread is not at $site"
			failed=1
		fi
		[ -s "$out/sarif" ] || { echo "$prog $how: no SARIF log"; failed=1; }
		for log in err json sarif; do
			if grep -n 'thread_life_run' "$out/$log"; then
				echo "$prog $how: liblockdep's thread_life_run is shown in the $log output"
				failed=1
			fi
		done
	done
done
exit $failed
