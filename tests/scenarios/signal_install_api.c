/*
 * Installing handlers through liblockdep changes nothing the program can see:
 * signal() and sigaction() report the program's own previous handlers and flags,
 * SA_SIGINFO handlers get their siginfo, SIG_IGN and SIG_DFL pass through, errors
 * are the system's. The handlers take no locks: nothing to report.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <errno.h>
#include <string.h>

static volatile sig_atomic_t plain_ran, info_value;

static void plain(int sig)
{
	plain_ran = sig;
}

static void with_info(int sig, siginfo_t *info, void *context)
{
	(void)sig;
	(void)context;
	info_value = info->si_value.sival_int;
}

int main(void)
{
	struct sigaction sa, old;
	union sigval value = { .sival_int = 42 };

	if (signal(SIGUSR1, plain) != SIG_DFL || signal(SIGUSR1, SIG_IGN) != plain)
		return 10;
	raise(SIGUSR1);		/* ignored */
	if (signal(SIGUSR1, plain) != SIG_IGN)
		return 11;
	raise(SIGUSR1);
	if (plain_ran != SIGUSR1)
		return 12;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = with_info;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	EXPECT_RET(sigaction(SIGUSR2, &sa, NULL), 0);
	EXPECT_RET(sigaction(SIGUSR2, NULL, &old), 0);
	if (old.sa_sigaction != with_info || !(old.sa_flags & SA_SIGINFO) ||
	    !(old.sa_flags & SA_RESTART))
		return 13;
	sigqueue(getpid(), SIGUSR2, value);
	if (info_value != 42)
		return 14;

	sa.sa_handler = SIG_DFL;
	sa.sa_flags = 0;
	EXPECT_RET(sigaction(SIGUSR2, &sa, &old), 0);
	if (old.sa_sigaction != with_info)
		return 15;
	EXPECT_RET(sigaction(SIGUSR2, NULL, &old), 0);
	if (old.sa_handler != SIG_DFL)
		return 16;

	errno = 0;
	if (sigaction(SIGKILL, &sa, NULL) != -1 || errno != EINVAL)
		return 17;
	if (signal(0, plain) != SIG_ERR || errno != EINVAL)
		return 18;
	return 0;
}
