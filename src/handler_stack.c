/*
 * A stack of liblockdep's own for its work inside a signal handler. A handler may
 * run on a small alternate stack: sigaltstack() accepts MINSIGSTKSZ (2 KiB), most of
 * which the kernel's signal frame takes. Lockdep's validation, and a full report with
 * its stack traces and symbol lookups, need about 10 KiB. So in a handler that work
 * runs on a stack the thread maps at its first need (mmap(2) is a system call, safe in
 * a handler), a guard page below it, unmapped when the thread exits (src/task.c) or
 * in a child of fork() for the threads that did not survive it.
 *
 * While on it every signal is blocked: the kernel tells from the stack pointer
 * whether a new signal comes on top of a handler already on the alternate stack, and
 * off that stack it would build the new frame at the alternate stack's top, over the
 * frames of the handler that called us. A handler that would have come meanwhile
 * would have run unchecked (it interrupted liblockdep, src/reentry.c); it now comes
 * right after, checked. So nothing nests on this stack: a call while on it runs in
 * place. Cancellation is off as in any internal section: the thread never ends on it.
 *
 * The switch is a few instructions of assembly with call-frame information, so that
 * backtrace() walks from this stack back to the program's frames. It exists for
 * x86_64 and aarch64; elsewhere the work stays on the handler's stack, as before.
 */
#if defined(__x86_64__) || defined(__aarch64__)
#define HANDLER_STACK_SIZE	(64 * 1024)

/* fn(arg) with the stack pointer at top (16-byte aligned), then back. */
void liblockdep__stack_call(void (*fn)(void *), void *arg, void *top)
	__attribute__((__visibility__("hidden")));

#if defined(__x86_64__)
#ifdef __CET__
#define STACK_CALL_LANDING	"endbr64\n"
#else
#define STACK_CALL_LANDING	""
#endif
/* The frame pointer keeps the caller's stack pointer; the CFA follows it. */
__asm__(".pushsection .text\n"
	".p2align 4\n"
	".globl liblockdep__stack_call\n"
	".hidden liblockdep__stack_call\n"
	".type liblockdep__stack_call, @function\n"
	"liblockdep__stack_call:\n"
	".cfi_startproc\n"
	STACK_CALL_LANDING
	"pushq %rbp\n"
	".cfi_def_cfa_offset 16\n"
	".cfi_offset %rbp, -16\n"
	"movq %rsp, %rbp\n"
	".cfi_def_cfa_register %rbp\n"
	"movq %rdx, %rsp\n"
	"movq %rdi, %rax\n"
	"movq %rsi, %rdi\n"
	"call *%rax\n"
	"movq %rbp, %rsp\n"
	"popq %rbp\n"
	".cfi_def_cfa %rsp, 8\n"
	"ret\n"
	".cfi_endproc\n"
	".size liblockdep__stack_call, .-liblockdep__stack_call\n"
	".popsection\n");
#else
__asm__(".pushsection .text\n"
	".p2align 2\n"
	".globl liblockdep__stack_call\n"
	".hidden liblockdep__stack_call\n"
	".type liblockdep__stack_call, %function\n"
	"liblockdep__stack_call:\n"
	".cfi_startproc\n"
	"stp x29, x30, [sp, #-16]!\n"
	".cfi_def_cfa_offset 16\n"
	".cfi_offset x29, -16\n"
	".cfi_offset x30, -8\n"
	"mov x29, sp\n"
	".cfi_def_cfa_register x29\n"
	"mov sp, x2\n"
	"mov x3, x0\n"
	"mov x0, x1\n"
	"blr x3\n"
	"mov sp, x29\n"
	".cfi_def_cfa_register sp\n"
	"ldp x29, x30, [sp], #16\n"
	".cfi_def_cfa_offset 0\n"
	".cfi_restore x29\n"
	".cfi_restore x30\n"
	"ret\n"
	".cfi_endproc\n"
	".size liblockdep__stack_call, .-liblockdep__stack_call\n"
	".popsection\n");
#endif

/* At the stack's top, above the frames: what the switch keeps while on it. */
struct handler_stack_top {
	sigset_t all;			/* what is blocked on it */
	sigset_t saved_mask;		/* the thread's mask before */
	unsigned long caller_sp;	/* where the work came from */
	void (*fn)(void *);		/* the work */
	void *arg;
};

static __thread bool handler_stack_in_use;
static __thread bool handler_stack_retired;	/* the thread is past its exit hook */

/* getpagesize() reads a variable; sysconf() needs more stack than a small alternate
 * stack has left under an AVX-512 signal frame. */
static size_t handler_stack_guard(void)
{
	return (size_t)getpagesize();
}

/* The raw system call: glibc's pthread_sigmask() copies the set into a frame of its
 * own, on the handler's stack. */
static void handler_stack_mask(int how, const sigset_t *set, sigset_t *old)
{
	syscall(SYS_rt_sigprocmask, how, set, old, _NSIG / 8);
}

static struct handler_stack_top *handler_stack_top_of(unsigned char *base)
{
	unsigned long top = (unsigned long)base + handler_stack_guard() + HANDLER_STACK_SIZE -
			    sizeof(struct handler_stack_top);

	return (struct handler_stack_top *)(top & ~15UL);
}

/* Out of line: its frame is paid once per thread, on the way into the first handler,
 * not on every lock in one. */
static noinline __cold unsigned char *handler_stack_map(void)
{
	size_t guard = handler_stack_guard();
	int saved_errno = errno;
	unsigned char *base;

	base = mmap(NULL, guard + HANDLER_STACK_SIZE, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
	if (base != MAP_FAILED && mprotect(base, guard, PROT_NONE)) {
		munmap(base, guard + HANDLER_STACK_SIZE);
		base = MAP_FAILED;
	}
	errno = saved_errno;
	return base == MAP_FAILED ? NULL : base;
}

/* The thread's stack, mapped now if it has none; NULL if it cannot have one. */
static struct handler_stack_top *handler_stack_get(void)
{
	struct task_struct *task = current;

	if (!task->handler_stack && !handler_stack_retired)
		task->handler_stack = handler_stack_map();
	return task->handler_stack ? handler_stack_top_of(task->handler_stack) : NULL;
}

/* On the handler stack: the internal section is entered there, for its frames. */
static void handler_stack_body(void *arg)
{
	struct handler_stack_top *top = arg;

	internal_section_begin();
	top->fn(top->arg);
	internal_section_end();
}

/*
 * fn(arg) on the thread's handler stack, every signal blocked, cancellation off; in
 * place when on it already, or when no stack can be had. What runs before the switch
 * keeps few registers and calls no libc function with a frame of its own: on a bare
 * MINSIGSTKSZ stack a few hundred bytes are left (tests/checks/stack_budget.sh).
 */
static void handler_stack_run(void (*fn)(void *), void *arg)
{
	struct handler_stack_top *top;

	if (handler_stack_in_use || !(top = handler_stack_get())) {
		fn(arg);
		return;
	}
	top->fn = fn;
	top->arg = arg;
	sigfillset(&top->all);
	handler_stack_mask(SIG_BLOCK, &top->all, &top->saved_mask);
	top->caller_sp = (unsigned long)__builtin_frame_address(0);
	handler_stack_in_use = true;
	liblockdep__stack_call(handler_stack_body, top, top);
	handler_stack_in_use = false;
	handler_stack_mask(SIG_SETMASK, &top->saved_mask, NULL);
	if (unlikely(deferred_signals))
		deferred_signals_deliver();
}

/* On the handler stack: the caller's stack pointer and mask, as they were. */
static unsigned long handler_stack_caller_sp(void)
{
	if (handler_stack_in_use)
		return handler_stack_top_of(current->handler_stack)->caller_sp;
	return (unsigned long)__builtin_frame_address(0);
}

static const sigset_t *handler_stack_caller_mask(void)
{
	return handler_stack_in_use ? &handler_stack_top_of(current->handler_stack)->saved_mask
				    : NULL;
}

static void handler_stack_unmap(struct task_struct *task)
{
	if (task->handler_stack) {
		munmap(task->handler_stack, handler_stack_guard() + HANDLER_STACK_SIZE);
		task->handler_stack = NULL;
	}
}

/* The thread's exit hook: no stack from now on (handlers still to come run in place). */
static void handler_stack_thread_exit(void)
{
	handler_stack_retired = true;
	if (!handler_stack_in_use)
		handler_stack_unmap(current);
}
#else
static void handler_stack_run(void (*fn)(void *), void *arg)
{
	fn(arg);
}

static unsigned long handler_stack_caller_sp(void)
{
	return (unsigned long)__builtin_frame_address(0);
}

static const sigset_t *handler_stack_caller_mask(void)
{
	return NULL;
}

static void handler_stack_unmap(struct task_struct *task)
{
	(void)task;
}

static void handler_stack_thread_exit(void)
{
}
#endif
