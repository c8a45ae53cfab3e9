# Under ./lockdep, the programs a program starts (fork, then exec) are checked too,
# since they inherit LD_PRELOAD, and every report names its process, so that the
# reports of a parent and of its children can be told apart.
set -eu
# Reports must not change the exit statuses this check looks at.
export LIBLOCKDEP_EXITCODE=0
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/parent.c" <<'C'
/* Runs the program argv[1] twice, under two names, then inverts two locks itself;
 * prints its own pid and its children's. */
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static pthread_mutex_t parent_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t parent_b = PTHREAD_MUTEX_INITIALIZER;

int main(int argc, char **argv)
{
	const char *names[] = { "child-one", "child-two" };

	printf("parent %d\n", (int)getpid());
	for (int i = 0; i < 2 && argc > 1; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			execl(argv[1], names[i], (char *)NULL);
			_exit(127);
		}
		printf("%s %d\n", names[i], (int)pid);
		waitpid(pid, NULL, 0);
	}
	pthread_mutex_lock(&parent_a);
	pthread_mutex_lock(&parent_b);
	pthread_mutex_unlock(&parent_b);
	pthread_mutex_unlock(&parent_a);
	pthread_mutex_lock(&parent_b);
	pthread_mutex_lock(&parent_a);
	pthread_mutex_unlock(&parent_a);
	pthread_mutex_unlock(&parent_b);
	return 0;
}
C
$cc -O2 -pthread "$out/parent.c" -o "$out/parent"
$cc -O2 -pthread tests/scenarios/abba_two_threads.c -o "$out/child"
./lockdep "$out/parent" "$out/child" > "$out/pids" 2> "$out/reports"
[ "$(grep -c '^WARNING: possible circular locking dependency detected$' "$out/reports")" -eq 3 ] ||
	{ echo "expected three reports, got: $(cat "$out/reports")"; exit 1; }
while read -r name pid; do
	grep -q "^liblockdep lockdep-[^ ]* pid $pid ($name)\$" "$out/reports" ||
		{ echo "no report from $name, pid $pid"; grep '^liblockdep' "$out/reports"; exit 1; }
done < "$out/pids"
[ "$(wc -l < "$out/pids")" -eq 3 ]
