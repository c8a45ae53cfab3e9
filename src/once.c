/*
 * Once-inits validated as locks: pthread_once() and C11's call_once() run the init
 * routine as if holding a lock, the once object (of its own class when static,
 * named after its symbol; else of its pthread_once() call site), and a caller that
 * may wait for a routine running elsewhere acquires and releases it first. So "hold
 * L, wait for a once-init that needs L" is lockdep's circular dependency, reported
 * before it hangs, and an init routine that calls its own once is lockdep's recursive
 * locking (glibc hangs there). A once already done waits for nothing: one load.
 *
 * The routine runs inside glibc's pthread_once() under a trampoline of ours, and no
 * cleanup handler of ours is registered around it: a C++ exception may leave
 * std::call_once's routine through our frames. A routine left by an exception or a
 * cancellation leaves its once no longer in progress, and the record goes quietly at
 * the thread's next lock (src/lock_owners.c). A thread that holds a once of the same
 * class (another once of the same call site) is not modelled, which lockdep would
 * take for recursive locking.
 */
LIBLOCKDEP_WRAPPER(int, pthread_once, (pthread_once_t *once, void (*init)(void)))
LIBLOCKDEP_WRAPPER(void, call_once, (once_flag *once, void (*init)(void)))

_Static_assert(sizeof(once_flag) == sizeof(pthread_once_t), "glibc's once_flag is a pthread_once_t");

/* glibc's pthread_once_t: bit 0 while a routine runs, bit 1 once it has returned. */
#define GLIBC_ONCE_IN_PROGRESS	1
#define GLIBC_ONCE_DONE		2

static bool once_in_progress(const void *once)
{
	return __atomic_load_n((const int *)once, __ATOMIC_RELAXED) & GLIBC_ONCE_IN_PROGRESS;
}

/* The call under way in this thread, read by the trampoline. */
struct once_call {
	struct lock_entry *e;
	void (*init)(void);
	unsigned long ip;
};

static __thread struct once_call *once_calling;

static void once_run(void)
{
	struct once_call *call = once_calling;

	hang_wait_end();	/* running the routine, not waiting for it */
	lock_acquire_checked(call->e, 0, 0, 0, call->ip);
	call->init();
	liblockdep_release(call->e, call->ip);
}

/* The once's entry when this call may wait or run the routine; NULL: not modelled. */
static struct lock_entry *once_entry(void *once, unsigned long ip)
{
	struct lock_entry *e;

	if (!liblockdep_check_now() ||
	    (__atomic_load_n((int *)once, __ATOMIC_ACQUIRE) & GLIBC_ONCE_DONE) ||
	    !(e = lock_entry_of(once, LOCK_KIND_ONCE, 0, ip)))
		return NULL;
	return held_lock_entry(once) == e || !class_held(e) ? e : NULL;
}

static int once_checked(void *once, void (*init)(void), bool c11, unsigned long ip)
{
	struct once_call call = { once_entry(once, ip), init, ip };
	struct once_call *outer = once_calling;
	int ret = 0;

	if (!call.e) {
		if (c11)
			real(call_once)(once, init);
		else
			ret = real(pthread_once)(once, init);
		return ret;
	}
	/* As a waiter, whoever runs the routine. */
	lock_acquire_checked(call.e, 0, 0, 0, ip);
	liblockdep_release(call.e, ip);
	once_calling = &call;
	hang_wait_begin(HANG_WAIT_ONCE, once);
	if (c11)
		real(call_once)(once, once_run);
	else
		ret = real(pthread_once)(once, once_run);
	hang_wait_end();
	once_calling = outer;
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_once(pthread_once_t *once, void (*init)(void))
{
	return once_checked(once, init, false, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API void liblockdep_call_once(once_flag *once, void (*init)(void))
{
	once_checked(once, init, true, _RET_IP_);
}
