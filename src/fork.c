/*
 * fork(). The handlers that pthread_atfork() registered run inside it: the prepare
 * handlers before the copy (liblockdep's last, src/internal_locks.c), the parent and
 * child handlers after it. A library's prepare handler locks what its parent and
 * child handlers give back: typically every lock it has, at once and in an order
 * of its own, so that the child starts from a quiet state (jemalloc's are more than
 * the 63 locks lockdep lets a thread hold, and many share a class). That is not the
 * program's locking, and lockdep cannot take it as such: the locks taken and released
 * inside fork() are not validated, as if liblockdep were at work (src/reentry.c),
 * and their unlocks pass unrecorded (src/lock_owners.c). Locks the caller holds
 * across the fork stay as they were; a signal handler that runs meanwhile runs
 * unchecked. A fork() liblockdep does not see (a library's call through another
 * name) runs the handlers checked, as before. A child forked in a signal handler
 * goes on outside it (src/signals.c).
 */
LIBLOCKDEP_WRAPPER(pid_t, fork, (void))

LIBLOCKDEP_WRAPPER_API pid_t liblockdep_fork(void)
{
	unsigned long ip = _RET_IP_;
	pid_t pid;

	liblockdep_busy_begin();
	pid = real(fork)();
	if (pid == 0 && signal_handler_running())
		handler_stack_run(handler_frames_leave_forked, &ip);
	liblockdep_busy_end();
	return pid;
}
