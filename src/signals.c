/*
 * Signal handlers as lockdep's hard-irq context. A handler installed through
 * sigaction() or signal() runs inside a trampoline that enters and leaves hard-irq
 * context the way the kernel's irq entry code does (lockdep_hardirqs_off,
 * lockdep_hardirq_enter ... lockdep_hardirq_exit, lockdep_hardirqs_on), so lockdep
 * finds the self-deadlocks of a handler with the code it interrupts: a lock taken
 * in a handler and also with the signal deliverable ("inconsistent lock state"),
 * and the irq-safe/irq-unsafe orderings.
 *
 * Interrupts: one "irq" stands for the handlers that lock (src/handler_usage.c), as
 * lockdep has one hard-irq context. A thread has interrupts off while its mask blocks
 * every signal whose installed handler has taken a lock (always, while there is none)
 * (in a handler, the mask the kernel set for it: the handler's own signal unless
 * SA_NODEFER, plus sa_mask). A handler that has not locked yet is no interrupt; the
 * takes its signal could interrupt meanwhile are recorded, and count once it locks.
 * That is exact for one locking handler, and for several when each blocks the others
 * (sa_mask), the usual advice. Otherwise it is pessimistic: a lock taken with SIGUSR2
 * blocked but SIGUSR1 deliverable counts as taken with interrupts on if SIGUSR1's
 * handler locks anything, even if only SIGUSR2's handler takes this lock. Per-signal
 * irqs would need per-signal usage bits, which lockdep does not have. Synchronous
 * signals (a fault: SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS)
 * cannot be blocked, so they do not count for interrupts off; their handlers still
 * run in hard-irq context.
 *
 * A handler is lockdep's *threaded* hard-irq context: it may block on a mutex (the
 * thread waits, others run), but not under a spin lock (src/validate.c).
 *
 * An asynchronous signal that interrupts liblockdep itself (src/reentry.c) waits
 * until the thread leaves it (signal_defer()). Only a fault's signal, a one-shot
 * handler's, or one the kernel would not queue again runs there, unchecked: its locks
 * and unlocks go straight to pthread, so lockdep's state stays the interrupted
 * code's. A handler left by siglongjmp() never returns to the trampoline: each
 * frame is remembered per thread, and the next entry into liblockdep drops the
 * frames whose handler is gone (the stack is back above the trampoline, or the
 * handler's signal is deliverable again) and gives lockdep back the state of the
 * code that was interrupted. Reports print without allocating (src/printk.c).
 */
#define HANDLER_FRAMES_MAX	8	/* per thread, in its TLS: 448 bytes of a small thread stack */
#define SYNCHRONOUS_SIGNALS	(sigbit(SIGSEGV) | sigbit(SIGBUS) | sigbit(SIGFPE) | \
				 sigbit(SIGILL) | sigbit(SIGTRAP) | sigbit(SIGSYS))

LIBLOCKDEP_WRAPPER(int, sigaction, (int sig, const struct sigaction *act, struct sigaction *oldact))
LIBLOCKDEP_WRAPPER(liblockdep_sighandler_t, signal, (int sig, liblockdep_sighandler_t handler))
LIBLOCKDEP_WRAPPER(int, pthread_sigmask, (int how, const sigset_t *set, sigset_t *oldset))
LIBLOCKDEP_WRAPPER(int, sigprocmask, (int how, const sigset_t *set, sigset_t *oldset))

/* The user's handler for a signal, as installed. */
struct user_handler {
	union {
		void (*handler)(int);
		void (*action)(int, siginfo_t *, void *);
	};
	int flags;
};

/* Written under handlers_mutex with every signal blocked; read by the trampoline
 * without a lock, so each entry is a seqlock. */
static struct {
	unsigned int seq;
	struct user_handler user;
} user_handlers[NSIG];
static pthread_mutex_t handlers_mutex = PTHREAD_MUTEX_INITIALIZER;

/* The asynchronous signals with a wrapped handler, and a count of its changes. */
static unsigned long handled_signals;
static unsigned int handled_generation;
static __thread unsigned int seen_generation;

/* A handler running on this thread. */
struct handler_frame {
	unsigned long sp;		/* the trampoline's frame: the handler runs below */
	unsigned long alt_lo, alt_hi;	/* the thread's alternate signal stack */
	bool on_alt;			/* the handler runs on it */
	int sig;
	bool sig_blocked;		/* the handler's signal stays blocked while it runs */
	bool checked;			/* false: it interrupted liblockdep, runs unchecked */
	/* The interrupted code's state, given back when the handler ends. */
	bool hardirqs_enabled;
	u8 lockdep_depth;		/* its held locks' records */
	int hardirq_context;
	int signals_off;
	unsigned int outer_floor;	/* merged_outer_enter()'s (src/merged_locks.c) */
	unsigned long entry_ip;
};

static __thread struct handler_frame handler_frames[HANDLER_FRAMES_MAX];
static __thread unsigned int handler_depth;

static unsigned long sigbit(int sig)
{
	return 1UL << (sig - 1);
}

static void user_handler_read(int sig, struct user_handler *user)
{
	unsigned int seq;

	do {
		seq = __atomic_load_n(&user_handlers[sig].seq, __ATOMIC_ACQUIRE);
		user->action = __atomic_load_n(&user_handlers[sig].user.action, __ATOMIC_RELAXED);
		user->flags = __atomic_load_n(&user_handlers[sig].user.flags, __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
	} while ((seq & 1) || seq != __atomic_load_n(&user_handlers[sig].seq, __ATOMIC_RELAXED));
}

static void user_handler_write(int sig, const struct user_handler *user)
{
	__atomic_store_n(&user_handlers[sig].seq, user_handlers[sig].seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	__atomic_store_n(&user_handlers[sig].user.action, user->action, __ATOMIC_RELAXED);
	__atomic_store_n(&user_handlers[sig].user.flags, user->flags, __ATOMIC_RELAXED);
	__atomic_store_n(&user_handlers[sig].seq, user_handlers[sig].seq + 1, __ATOMIC_RELEASE);
}

/* The handled signals that mask lets in. With no handler installed, nothing can
 * interrupt: a lock taken then is not taken with interrupts on (PostgreSQL's
 * postmaster takes libcrypto's locks before its first sigaction()). */
static unsigned long handled_signals_deliverable(const sigset_t *mask)
{
	unsigned long handled = __atomic_load_n(&handled_signals, __ATOMIC_RELAXED);
	unsigned long deliverable = 0;

	for (int sig = 1; sig < NSIG; sig++)
		if ((handled & sigbit(sig)) && sigismember(mask, sig) != 1)
			deliverable |= sigbit(sig);
	return deliverable;
}

/* The thread's mask; on the handler stack, the one it will get back. */
static void current_mask(sigset_t *mask)
{
	const sigset_t *caller = handler_stack_caller_mask();

	if (caller)
		*mask = *caller;
	else
		real(pthread_sigmask)(SIG_BLOCK, NULL, mask);
}

/* The kernel's local_irq_enable() tracing: the locks held count as taken with
 * interrupts on, those set aside past lockdep's depth limit too. Lockdep's usage
 * marking needs the RCU read section of irqs off. */
static void hardirqs_on_traced(unsigned long ip)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	if (likely(!merged_outer_held()) || merged_outer_irqs_on())
		lockdep_hardirqs_on_prepare();
	else		/* lockdep's marking stops at its first report */
		current->hardirq_chain_key = current->curr_chain_key;
	lockdep_hardirqs_on(ip);
	/* The held locks' usage, marked, may meet a sibling pair. */
	if (unlikely(READ_ONCE(nr_sibling_pairs)) && current->lockdep_depth)
		sibling_irq_usage_changed(current->held_locks, current->lockdep_depth);
	raw_local_irq_restore(flags);
}

/* Whether sp lies on the alternate signal stack [alt_lo, alt_hi) (alt_hi 0: none). */
static bool on_alt_stack(unsigned long alt_lo, unsigned long alt_hi, unsigned long sp)
{
	return alt_hi && sp - alt_lo < alt_hi - alt_lo;
}

/*
 * Lockdep's view of interrupts, made to follow a signal mask: in task context the
 * kernel's local_irq_disable()/enable() tracing, which marks the locks held as
 * taken with interrupts on when they come on. In a handler the kernel allows no
 * tracing; only the flag that each lock acquisition records changes. The signals of
 * handlers that have not locked yet are pending (src/handler_usage.c); fresh: the
 * handlers changed since the thread last followed its mask.
 */
static void irqs_follow_mask(const sigset_t *mask, unsigned long ip, bool fresh)
{
	unsigned long deliverable = handled_signals_deliverable(mask);
	unsigned long locking = __atomic_load_n(&locking_signals, __ATOMIC_SEQ_CST);
	unsigned long pending = deliverable & ~locking;
	bool off = !(deliverable & locking);

	/* Off before the tracing, on after it, as local_irq_disable()/enable(). */
	liblockdep_signals_off |= off;
	if (!lockdep_hardirq_context() && off == !!lockdep_hardirqs_enabled()) {
		if (off) {
			lockdep_hardirqs_off(ip);
		} else {
			hardirqs_on_traced(ip);
			liblockdep_report_end();
		}
	}
	liblockdep_signals_off = off | (pending ? SIGNALS_PENDING : 0);
	handler_takes_follow(pending, fresh);
}

static bool thread_in_liblockdep(void);

/* The handled signals changed: this thread's next entry follows its mask again. */
static void handled_signals_changed(void)
{
	__atomic_add_fetch(&handled_generation, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&current->entry_ready, false, __ATOMIC_SEQ_CST);
}

/* ...and every other thread's, after the change (src/validate.c). */
static void handled_signals_tell_threads(void)
{
	struct task_struct *task;

	internal_lock(&live_tasks_mutex);
	list_for_each_entry(task, &live_tasks, thread_list)
		__atomic_store_n(&task->entry_ready, false, __ATOMIC_SEQ_CST);
	internal_unlock(&live_tasks_mutex);
}

/*
 * What sigaction() leaves to the thread when it is called from a handler that
 * interrupted liblockdep, whose mutexes the interrupted code may hold: telling the
 * other threads, forgetting the handlers' usage (and a switch of the fast path's
 * changed inside liblockdep, src/fast_path.c, the telling). The thread does it as it
 * leaves liblockdep (deferred_signals_deliver()), a few microseconds later; meanwhile
 * the other threads' interrupts may follow the handlers as they were. Kept among the
 * held-back signals, as the bits of two signals no handler can have (thread-local
 * storage of its own would cost every small thread stack).
 */
#define SIGACTION_TELL_THREADS	sigbit(SIGKILL)
#define SIGACTION_FORGET_USAGE	sigbit(SIGSTOP)
#define SIGACTION_WORK		(SIGACTION_TELL_THREADS | SIGACTION_FORGET_USAGE)

static void sigaction_finish(unsigned long work)
{
	if (work && thread_in_liblockdep()) {
		__atomic_fetch_or(&deferred_signals, work, __ATOMIC_RELAXED);
		return;
	}
	if (work & SIGACTION_FORGET_USAGE) {
		handler_usage_forget();
		handled_signals_changed();
	}
	if (work)
		handled_signals_tell_threads();
}

/* Every other thread's entry prepares again: now, or as this one leaves liblockdep
 * when it is inside (and may hold live_tasks_mutex). */
static void entry_tell_threads(void)
{
	sigaction_finish(SIGACTION_TELL_THREADS);
}

static bool handler_frame_live(const struct handler_frame *f, unsigned long sp,
			       const sigset_t *mask)
{
	bool on_alt = on_alt_stack(f->alt_lo, f->alt_hi, sp);

	/* Off the alternate stack, its handlers are gone; on it, one nested in f runs. */
	if (on_alt != f->on_alt)
		return on_alt;
	if (sp >= f->sp)
		return false;
	/* siglongjmp() restored a mask that lets the signal in again. */
	return !f->sig_blocked || sigismember(mask, f->sig) == 1;
}

/*
 * Drops the frames of handlers that were left without returning, innermost first,
 * and gives lockdep back the state of the code the outermost of them interrupted.
 * Returns false when the handler still running is an unchecked one.
 */
static bool handler_frames_prune(unsigned long sp, const sigset_t *mask, unsigned long ip)
{
	unsigned int depth = handler_depth;
	struct handler_frame *left = NULL;

	while (depth && !handler_frame_live(&handler_frames[depth - 1], sp, mask))
		left = &handler_frames[--depth];
	handler_depth = depth;
	if (depth && !handler_frames[depth - 1].checked)
		return false;
	if (left && left->checked) {
		this_cpu_write(hardirq_context, left->hardirq_context);
		irqs_follow_mask(mask, ip, false);
	}
	return true;
}

/*
 * The slow way into liblockdep (src/validate.c): a thread's first entry, or one with
 * handler frames to check, or after the set of handled signals or a switch of the
 * fast path changed, or while a lock the thread just made is private
 * (src/first_use.c) or the switches keep the fast path off (fast_path_allowed(),
 * src/fast_path.c). Returns false
 * when this entry must leave lockdep alone: an unchecked handler is running, or
 * the settings just read say checking is off.
 */
static noinline bool liblockdep_prepare_entry(unsigned long ip)
{
	struct task_struct *task = current;
	unsigned int generation, switches;
	bool checked = true, pending;
	sigset_t mask;

	if (unlikely(!liblockdep_settings_read())) {
		/* The process's first entry, before liblockdep's constructor: no lock is
		 * known yet, so with LIBLOCKDEP=0 there is nothing to do. */
		liblockdep_settings_read_once();
		if (!READ_ONCE(liblockdep_checking))
			return false;
	}
	liblockdep_busy_begin();
	pending = first_use_entry(ip);
	if (handler_depth) {
		current_mask(&mask);
		checked = handler_frames_prune(handler_stack_caller_sp(), &mask, ip);
	}
	if (!checked)
		goto out;
	if (!task->pid)
		liblockdep_task_start();
	generation = __atomic_load_n(&handled_generation, __ATOMIC_SEQ_CST);
	if (generation != seen_generation) {
		current_mask(&mask);
		irqs_follow_mask(&mask, ip, true);
		/* In a handler, for it alone: the interrupted code follows when back. */
		if (!handler_depth)
			seen_generation = generation;
	}
	switches = __atomic_load_n(&fast_path_switches, __ATOMIC_SEQ_CST);
	if (!handler_depth && !pending && !merged_outer_held() && fast_path_allowed(task)) {
		/* A change of the handled signals or of a switch from now on clears it
		 * again (src/fast_path.c). */
		__atomic_store_n(&task->entry_ready, true, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&handled_generation, __ATOMIC_SEQ_CST) != generation ||
		    __atomic_load_n(&fast_path_switches, __ATOMIC_SEQ_CST) != switches)
			task->entry_ready = false;
	}
out:
	liblockdep_busy_end();
	return checked;
}

/*
 * A child forked in a handler is a program of its own from there: PostgreSQL starts
 * its background workers from its SIGCHLD and SIGUSR1 handlers, and they never
 * return. It goes on in task context, as if its handlers had been left, holding
 * what its thread held (a lock of the interrupted code that it takes again is still
 * a deadlock), with interrupts as its mask says. Not under a handler that runs
 * unchecked (it interrupted liblockdep): its child stays as it is. On liblockdep's
 * handler stack (arg: the fork's return address), as lockdep may mark locks.
 */
static void handler_frames_leave_forked(void *arg)
{
	unsigned long ip = *(unsigned long *)arg;
	sigset_t mask;

	for (unsigned int i = 0; i < handler_depth; i++)
		if (!handler_frames[i].checked)
			return;
	if (!handler_depth || !READ_ONCE(liblockdep_checking))
		return;
	handler_depth = 0;
	this_cpu_write(hardirq_context, handler_frames[0].hardirq_context);
	liblockdep_entry_ip = handler_frames[0].entry_ip;
	current_mask(&mask);
	irqs_follow_mask(&mask, ip, false);
}

static bool signal_handler_running(void)
{
	return handler_depth != 0;
}

/*
 * A lock taken in a checked handler, before lockdep sees it: the handler's signal
 * becomes an interrupt (src/handler_usage.c), for every thread, this one included,
 * whose interrupts now follow it (on in a handler with SA_NODEFER). Not under a fault
 * handler's frames past HANDLER_FRAMES_MAX: the innermost one kept stands for them.
 */
static noinline void handler_takes_lock(unsigned long ip)
{
	unsigned long sig = sigbit(handler_frames[handler_depth - 1].sig);
	sigset_t mask;

	if (!handler_usage_locks(sig))
		return;
	liblockdep_report_end();
	handled_signals_changed();
	handled_signals_tell_threads();
	current_mask(&mask);
	irqs_follow_mask(&mask, ip, false);
}

/* Whether the interrupted code is inside liblockdep (see src/reentry.c). */
static bool thread_in_liblockdep(void)
{
	return liblockdep_busy || rcu_in_section();
}

/*
 * Hard-irq entry, as the kernel's irq entry code does it: interrupts go off, then
 * hard-irq context begins; inside, interrupts are on again if the handler's mask
 * lets some handled signal in. Returns the frame's index. Unchecked: the handler
 * interrupted liblockdep.
 */
static unsigned int handler_enter(int sig, const struct user_handler *user,
				  const ucontext_t *uc, unsigned long sp, bool checked)
{
	unsigned long alt_lo = (unsigned long)uc->uc_stack.ss_sp;
	unsigned long ip = (unsigned long)user->handler;
	struct handler_frame *f;
	unsigned int depth;
	sigset_t mask;

	if (checked) {
		liblockdep_busy_begin();
		handler_frames_prune(sp, &uc->uc_sigmask, ip);
	}
	depth = handler_depth;
	if (depth == HANDLER_FRAMES_MAX) {
		/* Nested this deep, it runs as part of the handler it interrupted. */
		if (checked)
			liblockdep_busy_end();
		return depth;
	}
	f = &handler_frames[depth];
	f->sp = sp;
	f->alt_lo = alt_lo;
	f->alt_hi = (uc->uc_stack.ss_flags & SS_DISABLE) ? 0 : alt_lo + uc->uc_stack.ss_size;
	f->on_alt = on_alt_stack(alt_lo, f->alt_hi, sp);
	f->sig = sig;
	f->sig_blocked = !(user->flags & SA_NODEFER);
	f->checked = checked;
	barrier();
	handler_depth = depth + 1;
	barrier();
	current->entry_ready = false;
	if (!checked)
		return depth;

	if (!current->pid)
		liblockdep_task_start();
	/* Handlers installed since the interrupted code last entered: its interrupts
	 * come on now if its mask lets them in, before its state is kept. */
	if (__atomic_load_n(&handled_generation, __ATOMIC_SEQ_CST) != seen_generation)
		irqs_follow_mask(&uc->uc_sigmask, ip, true);
	f->hardirqs_enabled = lockdep_hardirqs_enabled();
	f->lockdep_depth = current->lockdep_depth;
	f->outer_floor = merged_outer_enter();
	f->hardirq_context = lockdep_hardirq_context();
	f->signals_off = liblockdep_signals_off;
	f->entry_ip = liblockdep_entry_ip;
	liblockdep_signals_off = 1;
	lockdep_hardirqs_off(ip);
	lockdep_hardirq_enter();
	lockdep_hardirq_threaded();
	current_mask(&mask);
	irqs_follow_mask(&mask, ip, false);
	liblockdep_busy_end();
	return depth;
}

/* Hard-irq exit: the interrupted code's state back, interrupts on as they were. */
static void handler_exit(unsigned int depth, const struct user_handler *user,
			 const ucontext_t *uc, unsigned long sp)
{
	struct handler_frame *f = &handler_frames[depth];
	unsigned long ip = (unsigned long)user->handler;

	if (depth == HANDLER_FRAMES_MAX)
		return;
	if (!f->checked) {
		if (handler_depth > depth && f->sp == sp)
			handler_depth = depth;
		return;
	}
	liblockdep_busy_begin();
	if (handler_depth <= depth || f->sp != sp) {
		/* Taken for left by an entry in between: only the mask is still to restore. */
		irqs_follow_mask(&uc->uc_sigmask, ip, false);
		goto out;
	}
	/* Records the handler set aside past lockdep's depth limit come back. */
	merged_outer_leave(f->lockdep_depth, f->outer_floor);
	/* Frames above are handlers nested in this one that were never left properly. */
	handler_depth = depth;
	liblockdep_signals_off = 1;
	this_cpu_write(hardirq_context, f->hardirq_context);	/* lockdep_hardirq_exit() */
	if (!lockdep_hardirq_context() && f->hardirqs_enabled)
		hardirqs_on_traced(ip);
	liblockdep_signals_off = f->signals_off;
	liblockdep_entry_ip = f->entry_ip;
	handler_takes_follow(handled_signals_deliverable(&uc->uc_sigmask) &
			     ~__atomic_load_n(&locking_signals, __ATOMIC_SEQ_CST), false);
	liblockdep_report_end();
out:
	liblockdep_busy_end();
}

/*
 * An asynchronous signal that interrupts liblockdep waits until the thread leaves it,
 * as the kernel's interrupts wait for lockdep's irqs-off sections. Run there, its
 * handler could only run unchecked, its inits and destroys unseen (a lock would keep
 * the class of the one before it at its address), and it may block: on a program
 * lock whose holder waits for one of liblockdep's mutexes that this thread holds, or
 * for a grace period that waits for this thread's read section (a hang, where the
 * program alone runs). Each way out of liblockdep delivers it: the end of its own
 * work (src/reentry.c), of a read section (src/rcu.c), of the fast path's stores. The
 * signal is queued again to the thread with its siginfo (or, where the kernel
 * refuses that, sent again without it) and stays blocked in the mask the handler
 * returns to. Not a fault's signal, which cannot wait, nor a one-shot handler's
 * (SA_RESETHAND: the signal's action is already the default).
 */
static noinline bool signal_defer(int sig, const struct user_handler *user, siginfo_t *info,
				  ucontext_t *uc)
{
	pid_t pid = getpid(), tid = (pid_t)syscall(SYS_gettid);
	unsigned long one = sigbit(sig);	/* the kernel's sigset: no room for glibc's here */

	if ((one & SYNCHRONOUS_SIGNALS) || (user->flags & SA_RESETHAND))
		return false;
	/* Blocked first, so that SA_NODEFER's signal does not come straight back. */
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, &one, NULL, sizeof(one));
	if (syscall(SYS_rt_tgsigqueueinfo, pid, tid, sig, info) &&
	    syscall(SYS_tgkill, pid, tid, sig))
		return false;
	sigaddset(&uc->uc_sigmask, sig);
	/* One instruction (or a retried one): a handler that interrupts it adds its own. */
	__atomic_fetch_or(&deferred_signals, one, __ATOMIC_RELAXED);
	return true;
}

/* The thread is out of liblockdep: the signals held back come in now, checked, after
 * what a sigaction() left to do. Not on the handler stack, where every signal stays
 * blocked (it delivers them after). */
static noinline void deferred_signals_deliver(void)
{
	unsigned long bits;
	sigset_t set;

	if (!deferred_signals || liblockdep_busy || liblockdep_irqs_off ||
	    handler_stack_in_use || rcu_in_section())
		return;
	bits = __atomic_exchange_n(&deferred_signals, 0, __ATOMIC_RELAXED);
	sigaction_finish(bits & SIGACTION_WORK);
	sigemptyset(&set);
	for (int sig = 1; sig < NSIG; sig++)
		if (bits & sigbit(sig) & ~SIGACTION_WORK)
			sigaddset(&set, sig);
	real(pthread_sigmask)(SIG_UNBLOCK, &set, NULL);
}

/* A handler's entry or exit, as run on liblockdep's handler stack. */
struct handler_call {
	int sig;
	const struct user_handler *user;
	const ucontext_t *uc;
	unsigned long sp;
	unsigned int depth;
};

static void handler_enter_checked(void *arg)
{
	struct handler_call *call = arg;

	call->depth = handler_enter(call->sig, call->user, call->uc, call->sp, true);
}

static void handler_exit_checked(void *arg)
{
	struct handler_call *call = arg;

	handler_exit(call->depth, call->user, call->uc, call->sp);
}

/* The checked entry and exit run on liblockdep's stack (src/handler_stack.c): the
 * handler's may be a bare MINSIGSTKSZ, with no room for lockdep and its reports.
 * Checking switched off, there is nothing to report, and no stack to map. */
static void signal_trampoline(int sig, siginfo_t *info, void *context)
{
	struct handler_call call = { sig, NULL, context,
				     (unsigned long)__builtin_frame_address(0), 0 };
	struct user_handler user;
	int saved_errno = errno;
	bool checked;

	user_handler_read(sig, &user);
	/* Uninstalled while this signal was on its way: it is dropped. */
	if (user.handler == SIG_DFL || user.handler == SIG_IGN)
		return;
	call.user = &user;
	checked = !thread_in_liblockdep();
	if (!checked && signal_defer(sig, &user, info, context)) {
		errno = saved_errno;
		return;
	}
	if (checked && READ_ONCE(liblockdep_checking))
		handler_stack_run(handler_enter_checked, &call);
	else
		call.depth = handler_enter(sig, &user, context, call.sp, checked);
	errno = saved_errno;
	if (user.flags & SA_SIGINFO)
		user.action(sig, info, context);
	else
		user.handler(sig);
	saved_errno = errno;
	if (call.depth < HANDLER_FRAMES_MAX && handler_frames[call.depth].checked &&
	    READ_ONCE(liblockdep_checking))
		handler_stack_run(handler_exit_checked, &call);
	else
		handler_exit(call.depth, &user, context, call.sp);
	errno = saved_errno;
}

/* What a report from a handler needs, loaded now, outside any handler. Not before
 * liblockdep's constructors have run (which load the unwinder): ThreadSanitizer's
 * runtime installs its handlers as it starts, when the unwinder's pthread_once()
 * would enter the runtime before it can run. */
static void handler_install_prepare(const struct user_handler *user)
{
	unsigned long offset;
	const char *object;
	void *frame;

	if (!READ_ONCE(stack_trace_ready))
		return;
	backtrace(&frame, 1);
	liblockdep_symbol_at((unsigned long)user->handler, &offset, &object);
}

/* sigaction(), and signal() through it: never by the exported name, which the loader
 * may bind to another copy of liblockdep (src/config.h). */
static int signal_action(int sig, const struct sigaction *act, struct sigaction *oldact)
{
	struct user_handler wanted, previous;
	struct sigaction installed, old;
	unsigned long handled, work = 0;
	sigset_t all, saved;
	bool wrap;
	int ret;

	if (sig <= 0 || sig >= NSIG)
		return real(sigaction)(sig, act, oldact);
	wrap = act && act->sa_handler != SIG_DFL && act->sa_handler != SIG_IGN;
	if (wrap) {
		wanted.action = act->sa_sigaction;
		wanted.flags = act->sa_flags;
		installed = *act;
		installed.sa_sigaction = signal_trampoline;
		installed.sa_flags |= SA_SIGINFO;
		act = &installed;
		if (!thread_in_liblockdep())
			handler_install_prepare(&wanted);
	}
	/* The trampoline, which reads the table, must not run on this thread meanwhile. */
	sigfillset(&all);
	real(pthread_sigmask)(SIG_BLOCK, &all, &saved);
	internal_lock(&handlers_mutex);
	previous = user_handlers[sig].user;
	if (wrap)
		user_handler_write(sig, &wanted);
	ret = real(sigaction)(sig, act, &old);
	if (ret == 0 && old.sa_sigaction == signal_trampoline) {
		old.sa_sigaction = previous.action;
		old.sa_flags = previous.flags;
	}
	if (ret != 0 && wrap)
		user_handler_write(sig, &previous);
	if (ret == 0 && act) {
		handled = handled_signals & ~sigbit(sig);
		if (wrap && !(sigbit(sig) & SYNCHRONOUS_SIGNALS))
			handled |= sigbit(sig);
		if (handled != handled_signals) {
			__atomic_store_n(&handled_signals, handled, __ATOMIC_RELAXED);
			handled_signals_changed();
			work |= SIGACTION_TELL_THREADS;
		}
		/* Not the same handler again: the one that was is gone. */
		if (!(wrap && old.sa_sigaction == wanted.action) &&
		    handler_usage_replaced(sigbit(sig)))
			work |= SIGACTION_FORGET_USAGE;
	}
	internal_unlock(&handlers_mutex);
	sigaction_finish(work);
	real(pthread_sigmask)(SIG_SETMASK, &saved, NULL);
	if (ret == 0 && oldact)
		*oldact = old;
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sigaction(int sig, const struct sigaction *act,
					struct sigaction *oldact)
{
	return signal_action(sig, act, oldact);
}

/* glibc's signal(): BSD semantics. */
LIBLOCKDEP_WRAPPER_API liblockdep_sighandler_t liblockdep_signal(int sig, liblockdep_sighandler_t handler)
{
	struct sigaction act, old;

	memset(&act, 0, sizeof(act));
	act.sa_handler = handler;
	sigemptyset(&act.sa_mask);
	sigaddset(&act.sa_mask, sig);
	act.sa_flags = SA_RESTART;
	if (signal_action(sig, &act, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* The mask that a successful pthread_sigmask(how, set) leaves. */
static void mask_after(int how, const sigset_t *before, const sigset_t *set, sigset_t *after)
{
	*after = how == SIG_SETMASK ? *set : *before;
	for (int sig = 1; sig < NSIG && how != SIG_SETMASK; sig++) {
		if (sigismember(set, sig) != 1)
			continue;
		if (how == SIG_BLOCK)
			sigaddset(after, sig);
		else
			sigdelset(after, sig);
	}
}

/*
 * A change of the thread's mask, and lockdep's interrupts following it. Handlers left
 * by siglongjmp() are dropped first, while the mask still tells which have ended.
 */
static int mask_set_checked(int how, const sigset_t *set, sigset_t *oldset, bool process,
			    unsigned long ip)
{
	bool follow = set && __atomic_load_n(&handled_signals, __ATOMIC_RELAXED) &&
		      liblockdep_enter(ip);
	sigset_t before, after;
	int ret;

	ret = process ? real(sigprocmask)(how, set, &before)
		      : real(pthread_sigmask)(how, set, &before);
	if (ret == 0 && follow) {
		/* Lockdep marks the locks held as interrupts come on. */
		held_locks_catch_up(ip);
		liblockdep_busy_begin();
		mask_after(how, &before, set, &after);
		/* A handler unblocking its own signal: the mask no longer tells it ended. */
		for (unsigned int i = 0; i < handler_depth; i++)
			if (sigismember(&after, handler_frames[i].sig) != 1)
				handler_frames[i].sig_blocked = false;
		irqs_follow_mask(&after, ip, false);
		liblockdep_busy_end();
	}
	if (ret == 0 && oldset)
		*oldset = before;
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_sigmask(int how, const sigset_t *set, sigset_t *oldset)
{
	return mask_set_checked(how, set, oldset, false, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_sigprocmask(int how, const sigset_t *set, sigset_t *oldset)
{
	return mask_set_checked(how, set, oldset, true, _RET_IP_);
}
