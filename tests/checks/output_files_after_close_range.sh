# Reports never go into the program's own files: a daemon-style program prints a
# report (its log and JSON files are open now), closes every descriptor above 2
# (close_range(3, ~0U), or a loop of close()), opens two data files of its own, which
# take those numbers, and prints a second report. The data files hold only what the
# program wrote; LIBLOCKDEP_LOG holds both reports, LIBLOCKDEP_JSON both, and the
# SARIF log both results. Drop-in and preloaded.
set -eu
cc=${CC:-cc}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
/usr/bin/make -s preload > "$out/make" 2>&1 || { echo "make preload: $(cat "$out/make")"; exit 1; }
cat > "$out/daemon.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t accounts = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t journal = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t cache = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;

static void nest(pthread_mutex_t *outer, pthread_mutex_t *inner)
{
	pthread_mutex_lock(outer);
	pthread_mutex_lock(inner);
	pthread_mutex_unlock(inner);
	pthread_mutex_unlock(outer);
}

/* daemon close_range|close: the first report, every descriptor above 2 closed, two
 * data files opened and written, the second report, a last line in each. */
int main(int argc, char **argv)
{
	int one, two;

	nest(&accounts, &journal);
	nest(&journal, &accounts);
	if (argc > 1 && !strcmp(argv[1], "close_range"))
		close_range(3, ~0U, 0);
	else
		for (int fd = 3; fd < 1024; fd++)
			close(fd);
	one = open("data1", O_WRONLY | O_CREAT | O_APPEND, 0600);
	two = open("data2", O_WRONLY | O_CREAT | O_APPEND, 0600);
	write(one, "one\n", 4);
	write(two, "two\n", 4);
	nest(&cache, &index_lock);
	nest(&index_lock, &cache);
	write(one, "one end\n", 8);
	write(two, "two end\n", 8);
	return 0;
}
C
cd "$out"
$cc -O2 -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread daemon.c "$top/liblockdep.c" -o drop-in
$cc -O2 -pthread daemon.c -o plain
headline='WARNING: possible circular locking dependency detected'
for how in drop-in preload; do
	for closing in close_range close; do
		rm -f data1 data2 log json sarif
		case $how in
		drop-in) set -- ./drop-in ;;
		preload) set -- env LD_PRELOAD="$top/build/liblockdep.so" ./plain ;;
		esac
		status=0
		LIBLOCKDEP_LOG=log LIBLOCKDEP_JSON=json LIBLOCKDEP_SARIF="$out/sarif" "$@" "$closing" \
			2> err || status=$?
		what="$how, $closing"
		[ "$status" -eq 66 ] || { echo "$what: status $status: $(head -c 600 err)"; exit 1; }
		[ "$(printf 'one\none end\n')" = "$(cat data1)" ] &&
			[ "$(printf 'two\ntwo end\n')" = "$(cat data2)" ] ||
			{ echo "$what: the program's files hold $(head -c 300 data1) $(head -c 300 data2)"; exit 1; }
		[ "$(grep -cx "$headline" log)" -eq 2 ] ||
			{ echo "$what: the log holds $(grep -cx "$headline" log) reports"; exit 1; }
		[ "$(grep -c '"kind":' json)" -ge 2 ] && [ "$(grep -o '"ruleId"' sarif | wc -l)" -eq 2 ] ||
			{ echo "$what: JSON $(head -c 300 json), SARIF $(head -c 300 sarif)"; exit 1; }
	done
done
