# fork() from a signal handler that interrupted liblockdep: the main thread makes,
# locks and destroys mutexes, each a class of its own (LIBLOCKDEP_CLASSES=instance:
# liblockdep's lock table and lockdep's graph change under their locks, and grace
# periods pass, all the time) while another thread signals it; the handler forks, the
# child exits at once, the handler waits for it, and the next signal is sent then.
# Neither parent nor child may hang.
# An ordinary handler waits until its thread leaves liblockdep (src/signals.c): its
# children are checked and say nothing. A one-shot handler (SA_RESETHAND, armed
# again for each signal) cannot wait, runs inside liblockdep, and the children forked
# there say in one line that they run unchecked, and there is nothing else to see.
# Drop-in and preloaded.
set -eu
cc=${CC:-cc}
build=${BUILD:-build}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/fork_in_handler.c" <<'EOF'
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FORKS 100
#define MUTEXES 32

static pthread_t main_thread;
static volatile sig_atomic_t forks, stop;

static void fork_and_wait(int sig)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	if (pid > 0 && waitpid(pid, NULL, 0) == pid)
		forks++;
	(void)sig;
}

static void *signaller(void *arg)
{
	struct timespec pause = { 0, 100000 };

	/* A signal at a time, the next once the handler is done: faster, a handler
	 * slower than the signals (liblockdep's fork costs more than plain's) would
	 * starve the main thread, checked or not, and the program would never end. */
	while (!stop) {
		sig_atomic_t seen = forks;
#ifdef ONE_SHOT
		/* Armed again here, not by the handler, which is reset as it starts. */
		struct sigaction sa = { .sa_handler = fork_and_wait, .sa_flags = SA_RESETHAND };

		sigaddset(&sa.sa_mask, SIGUSR1);
		sigaction(SIGUSR1, &sa, NULL);
#endif
		pthread_kill(main_thread, SIGUSR1);
		while (forks == seen && !stop)
			nanosleep(&pause, NULL);
	}
	return arg;
}

int main(void)
{
#ifdef ONE_SHOT
	struct sigaction sa = { .sa_handler = fork_and_wait, .sa_flags = SA_RESETHAND };
#else
	struct sigaction sa = { .sa_handler = fork_and_wait };
#endif
	pthread_mutex_t m[MUTEXES];
	time_t end = time(NULL) + 5;
	pthread_t thread;

	sigaddset(&sa.sa_mask, SIGUSR1);
	main_thread = pthread_self();
	if (sigaction(SIGUSR1, &sa, NULL) || pthread_create(&thread, NULL, signaller, NULL))
		return 2;
	while (forks < FORKS && time(NULL) < end) {
		for (int i = 0; i < MUTEXES; i++)
			pthread_mutex_init(&m[i], NULL);
		for (int i = 0; i < MUTEXES; i++) {
			pthread_mutex_lock(&m[i]);
			pthread_mutex_unlock(&m[i]);
		}
		for (int i = 0; i < MUTEXES; i++)
			pthread_mutex_destroy(&m[i]);
	}
	stop = 1;
	pthread_join(thread, NULL);
	printf("%d\n", (int)forks);
	return 0;
}
EOF
$cc -O2 -pthread "$out/fork_in_handler.c" -o "$out/plain"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread "$out/fork_in_handler.c" liblockdep.c \
	-o "$out/dropin"
$cc -O2 -DONE_SHOT -pthread "$out/fork_in_handler.c" -o "$out/plain_one_shot"
$cc -O2 -DONE_SHOT -DLIBLOCKDEP -include liblockdep.h -pthread "$out/fork_in_handler.c" \
	liblockdep.c -o "$out/dropin_one_shot"
make -s preload > /dev/null
line='liblockdep: fork() in a signal handler that interrupted liblockdep: no checking in the child (pid [0-9]*)'
for flavour in drop-in preload; do
	case $flavour in
	drop-in) set -- "$out/dropin" ;;
	preload) set -- env LD_PRELOAD="$(cd "$build" && pwd)/liblockdep.so" "$out/plain" ;;
	esac
	status=0
	LIBLOCKDEP_CLASSES=instance timeout 30 "$@" > "$out/forks" 2> "$out/err" || status=$?
	[ "$status" -eq 0 ] || { echo "$flavour: exit status $status (124: hung)"; head -n 5 "$out/err"; exit 1; }
	if [ -s "$out/err" ]; then
		echo "$flavour, an ordinary handler: unexpected output:"
		head -n 5 "$out/err"
		exit 1
	fi
	[ "$(cat "$out/forks")" -gt 0 ] || { echo "$flavour: no fork from the handler"; exit 1; }
done
# Whether a fork lands inside liblockdep is chance: up to 3 runs a flavour until one
# does; every run must end, and print nothing but the child's line.
for flavour in drop-in preload; do
	case $flavour in
	drop-in) set -- "$out/dropin_one_shot" ;;
	preload) set -- env LD_PRELOAD="$(cd "$build" && pwd)/liblockdep.so" "$out/plain_one_shot" ;;
	esac
	inside=0
	for attempt in 1 2 3; do
		status=0
		LIBLOCKDEP_CLASSES=instance timeout 30 "$@" > "$out/forks" 2> "$out/err" || status=$?
		if [ "$status" -ne 0 ]; then
			echo "$flavour: exit status $status (124: hung)"
			head -n 5 "$out/err"
			exit 1
		fi
		if grep -vx "$line" "$out/err" | grep -q .; then
			echo "$flavour: unexpected output:"
			grep -vx "$line" "$out/err" | head -n 5
			exit 1
		fi
		inside=$(grep -cx "$line" "$out/err" || true)
		echo "$flavour: $(cat "$out/forks") forks from the handler, $inside of them inside liblockdep"
		[ "$inside" -eq 0 ] || break
	done
	[ "$inside" -gt 0 ] || { echo "$flavour: no fork interrupted liblockdep in 3 runs"; exit 1; }
done
