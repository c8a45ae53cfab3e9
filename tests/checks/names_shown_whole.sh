# Names a report shows come out whole, in both flavours: a thread named "a\001b" is
# "a\x01b" (the \001 read as a printk level took the b along), and a process that writes
# over its argv to show its state in ps (PostgreSQL's backends) is still named after
# its file, not after what is left of the new text ("er " for "postgres: walwriter ").
set -eu
cc=${CC:-cc}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/names.c" <<'C'
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#define main abba_main
#include "abba_one_thread.c"
#undef main

static void *renamed_thread(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "a\001b");
	abba_main();
	return NULL;
}

int main(int argc, char **argv)
{
	static const char state[] = "postgres: walwriter ";
	size_t room = strlen(argv[0]);
	pthread_t thread;

	(void)argc;
	memset(argv[0], ' ', room);
	memcpy(argv[0], state, room < sizeof(state) - 1 ? room : sizeof(state) - 1);
	pthread_create(&thread, NULL, renamed_thread, NULL);
	return pthread_join(thread, NULL);
}
C
mkdir "$out/a-long-directory-name"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread -Itests/scenarios "$out/names.c" \
	"$build/liblockdep.o" -o "$out/a-long-directory-name/names-dropin"
$cc -O2 -pthread -Itests/scenarios "$out/names.c" -o "$out/a-long-directory-name/names-preload"
for flavour in dropin preload; do
	preload=
	[ "$flavour" = preload ] && preload=$build/liblockdep.so
	LD_PRELOAD=$preload LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_JSON="$out/json" \
		"$out/a-long-directory-name/names-$flavour" 2> "$out/err"
	grep -q "^liblockdep lockdep-.* pid [0-9]* (names-$flavour)\$" "$out/err" ||
		{ echo "$flavour: the process's name: $(grep '^liblockdep lockdep-' "$out/err")"; exit 1; }
	grep -q '^a\\x01b/[0-9]* is trying to acquire lock:$' "$out/err" ||
		{ echo "$flavour: the thread's name: $(grep 'is trying to acquire' "$out/err")"; exit 1; }
	grep -q "\"process\":{\"pid\":[0-9]*,\"name\":\"names-$flavour\"}" "$out/json" ||
		{ echo "$flavour: the process's name in JSON: $(head -c 400 "$out/json")"; exit 1; }
	rm -f "$out/json"
done
