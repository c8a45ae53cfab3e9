/*
 * A handler on the smallest alternate stack the kernel takes (MINSIGSTKSZ, 2 KiB on
 * x86_64, most of it the kernel's signal frame) takes a lock that main holds with
 * the signal deliverable: lockdep's report, with its stack traces and symbol lookups,
 * runs on liblockdep's own stack (src/handler_stack.c), and the handler's stack
 * ends below a guard page, so an overflow faults. Then a second handler run, with the
 * lock known, returns normally.
 *
 * Expect: WARNING: inconsistent lock state
 * Names: log_lock
 */
#include "scenario.h"
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	pthread_mutex_lock(&log_lock);
	pthread_mutex_unlock(&log_lock);
	handled++;
}

/* The smallest stack sigaltstack() takes, above a guard page. */
static void smallest_altstack(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	long size = sysconf(_SC_MINSIGSTKSZ);
	unsigned char *map = mmap(NULL, 4 * page, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	stack_t ss = { .ss_size = size > 2048 ? (size_t)size : 2048 };

	if (map == MAP_FAILED || mprotect(map, page, PROT_NONE))
		exit(2);
	ss.ss_sp = map + page;	/* growing down towards the guard */
	for (;;) {
		if (ss.ss_size > 3 * page)
			exit(2);
		if (sigaltstack(&ss, NULL) == 0)
			return;
		if (errno != ENOMEM)
			exit(2);
		ss.ss_size += 256;
	}
}

int main(void)
{
	struct sigaction sa;

	smallest_altstack();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL))
		return 2;
	pthread_mutex_lock(&log_lock);		/* the signal may come here */
	pthread_mutex_unlock(&log_lock);
	raise(SIGUSR1);
	raise(SIGUSR1);
	return handled == 2 ? 0 : 3;
}
