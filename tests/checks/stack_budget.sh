# Stack use: a full circular-locking report, with the first symbol lookups of the
# program and of libc, runs on a thread with a 16 KiB stack (PTHREAD_STACK_MIN) and in
# a signal handler on a bare MINSIGSTKSZ alternate stack (the smallest sigaltstack()
# takes: <signal.h>'s MINSIGSTKSZ, or the kernel's signal frame if larger), drop-in
# and preloaded. The stacks are painted, and the deepest use printed; above the
# budget, the check fails. A handler overflowing its stack hits a guard page.
# The program runs with LD_BIND_NOW=1: resolving its own lazily bound calls (which
# saves all vector registers on the stack) is the program's cost, not liblockdep's.
set -eu
# The thread's stack also holds its TLS (liblockdep's is 6 KiB) and glibc's thread
# descriptor. liblockdep's work in a handler runs on a stack of its own
# (src/handler_stack.c): on the handler's, only its entry is left.
thread_stack=16384
thread_budget=14880
cc=${CC:-cc}
build=${BUILD:-build}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/stack_depth.c" <<'EOF'
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAINT 0xa5

static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;

/* Both orders in one thread: the second is a possible circular locking. */
static void inversion(void)
{
	pthread_mutex_lock(&first_lock);
	pthread_mutex_lock(&second_lock);
	pthread_mutex_unlock(&second_lock);
	pthread_mutex_unlock(&first_lock);
	pthread_mutex_lock(&second_lock);
	pthread_mutex_lock(&first_lock);
	pthread_mutex_unlock(&first_lock);
	pthread_mutex_unlock(&second_lock);
}

static void *thread_body(void *arg)
{
	(void)arg;
	inversion();
	return NULL;
}

static void handler(int sig)
{
	(void)sig;
	inversion();
}

/* size bytes of stack above a guard page (an overflow faults), painted. */
static unsigned char *stack_new(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len = (size + 2 * page - 1) / page * page;
	unsigned char *map = mmap(NULL, len, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);

	if (map == MAP_FAILED || mprotect(map, page, PROT_NONE))
		exit(2);
	map += len - size;
	memset(map, PAINT, size);
	return map;
}

static size_t stack_used(const unsigned char *stack, size_t size)
{
	size_t i = 0;

	while (i < size && stack[i] == PAINT)
		i++;
	return size - i;
}

/* usage: stack_depth thread|handler SIZE: prints the bytes of the stack used. */
int main(int argc, char **argv)
{
	size_t size = strtoul(argv[2], NULL, 0);
	unsigned char *stack;
	pthread_attr_t attr;
	pthread_t thread;

	(void)argc;
	stack = stack_new(size);
	if (!strcmp(argv[1], "handler")) {
		stack_t ss = { .ss_sp = stack, .ss_size = size };
		struct sigaction sa = { .sa_handler = handler, .sa_flags = SA_ONSTACK };

		if (sigaltstack(&ss, NULL) || sigaction(SIGUSR1, &sa, NULL) || raise(SIGUSR1))
			return 3;
	} else {
		pthread_attr_init(&attr);
		if (pthread_attr_setstack(&attr, stack, size) ||
		    pthread_create(&thread, &attr, thread_body, NULL) ||
		    pthread_join(thread, NULL))
			return 3;
	}
	printf("%zu\n", stack_used(stack, size));
	return 0;
}
EOF
$cc -O2 -pthread "$out/stack_depth.c" -o "$out/plain"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread "$out/stack_depth.c" liblockdep.c \
	-o "$out/dropin"
make -s preload > /dev/null
# _GNU_SOURCE makes MINSIGSTKSZ sysconf(_SC_SIGSTKSZ): the constant is read without it.
cat > "$out/minsigstksz.c" <<'EOF'
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	long kernel = sysconf(_SC_MINSIGSTKSZ);

	printf("%ld\n", kernel > MINSIGSTKSZ ? kernel : (long)MINSIGSTKSZ);
	return 0;
}
EOF
$cc -O2 "$out/minsigstksz.c" -o "$out/minsigstksz"
handler_stack=$("$out/minsigstksz")

# run FLAVOUR MODE SIZE BUDGET: the deepest use, checked against BUDGET.
run() {
	flavour=$1 mode=$2 size=$3 budget=$4
	case $flavour in
	drop-in) set -- "$out/dropin" ;;
	preload) set -- env LD_PRELOAD="$(pwd)/build/liblockdep.so" "$out/plain" ;;
	esac
	status=0
	LD_BIND_NOW=1 LIBLOCKDEP_EXITCODE=0 "$@" "$mode" "$size" > "$out/used" \
		2> "$out/report" || status=$?
	if [ "$status" -ne 0 ]; then
		echo "$flavour, $mode on a $size-byte stack: exit status $status"
		head -n 5 "$out/report"
		exit 1
	fi
	grep -qx 'WARNING: possible circular locking dependency detected' "$out/report" || {
		echo "$flavour, $mode: no report"; head -n 5 "$out/report"; exit 1; }
	used=$(cat "$out/used")
	plain=$(LD_BIND_NOW=1 "$out/plain" "$mode" "$size")
	echo "$flavour, $mode: $used bytes of a $size-byte stack (the program alone: $plain)"
	[ "$used" -le "$budget" ] || { echo "over the budget of $budget bytes"; exit 1; }
}

for flavour in drop-in preload; do
	run $flavour thread $thread_stack $thread_budget
	run $flavour handler $handler_stack $handler_stack
done
