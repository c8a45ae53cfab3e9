/*
 * What each kind of report means and how to fix it, as a SARIF rule shows it in a
 * code-scanning alert: a name of words (the id is the fingerprint's kind, "circular"),
 * one sentence on what was found, then what to do. Shared by every report of its kind,
 * so it names no lock, thread or process. docs/fixing.md says the same at length.
 */
struct sarif_rule_help {
	const char *kind;	/* the fingerprint's kind (src/report_once.c) */
	const char *name;
	const char *help;
	const char *uri;	/* the rule's helpUri, or NULL */
};

/*
 * Where the links of the SARIF log point. There is no web site of liblockdep's own:
 * LIBLOCKDEP_DOCS_URL (make install DOCS_URL=...) is where its docs/ folder is
 * published, ending in '/', and each rule links its section of docs/fixing.md.
 * Without it, the kernel's page on lockdep, a stable address that explains the kinds
 * the kernel has; the kinds of user space alone have no link there.
 */
#define SARIF_KERNEL_PAGE	"https://docs.kernel.org/locking/lockdep-design.html"
#ifdef LIBLOCKDEP_DOCS_URL
#define SARIF_INFORMATION_URI	LIBLOCKDEP_DOCS_URL "reports.md"
#define SARIF_HELP_URI(fixing_section, kernel_section) \
	LIBLOCKDEP_DOCS_URL "fixing.md#" fixing_section
#else
#define SARIF_INFORMATION_URI	SARIF_KERNEL_PAGE
#define SARIF_HELP_URI(fixing_section, kernel_section)	kernel_section
#endif
#define SARIF_KERNEL(section)	SARIF_KERNEL_PAGE "#" section

static const struct sarif_rule_help sarif_rule_helps[] = {
	{ "circular", "CircularLockOrder",
	  "Locks are taken in orders that form a cycle: one thread holds A and waits for B, "
	  "another holds B and waits for A. The run did not have to hang for this to be "
	  "found. Fix: take the locks in one order everywhere (std::scoped_lock takes "
	  "several at once), or release the first lock before taking the second.",
	  SARIF_HELP_URI("a-circular-locking-dependency", SARIF_KERNEL("multi-lock-dependency-rules")) },
	{ "recursive", "RecursiveLocking",
	  "A thread takes a lock of a class it already holds: the same lock deadlocks. "
	  "Fix: do not take it again. If two locks of one class are nested on purpose, "
	  "give the inner one a subclass (liblockdep_mutex_lock_nested) or a class of its "
	  "own.",
	  SARIF_HELP_URI("recursive-locking", SARIF_KERNEL("multi-lock-dependency-rules")) },
	{ "wait-context", "InvalidWaitContext",
	  "A lock that may sleep is taken where only a spinning lock is allowed, such as "
	  "inside a spin lock. Fix: take the sleeping lock before the spin lock, or use a "
	  "spin lock inside.",
	  SARIF_HELP_URI("invalid-wait-context", NULL) },
	{ "irq-unsafe-order", "SignalUnsafeLockOrder",
	  "A lock taken in a signal handler is ordered after a lock taken with signals "
	  "deliverable: the handler can interrupt its holder and wait for ever. Fix: block "
	  "the signal while holding the lock, or do not lock in the handler.",
	  SARIF_HELP_URI("signal-handlers", SARIF_KERNEL("multi-lock-dependency-rules")) },
	{ "inconsistent", "InconsistentLockState",
	  "A lock is taken both in a signal handler and, elsewhere, with that signal "
	  "deliverable: the handler can interrupt the holder and deadlock on it. Fix: "
	  "block the signal while the lock is held, or do not lock in the handler.",
	  SARIF_HELP_URI("signal-handlers", SARIF_KERNEL("single-lock-state-rules")) },
	{ "irq-inversion", "SignalLockInversion",
	  "A lock used in a signal handler and another lock are taken in orders that "
	  "deadlock once the handler interrupts a holder. Fix: block the signal while "
	  "holding either lock, or do not lock in the handler.",
	  SARIF_HELP_URI("signal-handlers", SARIF_KERNEL("multi-lock-dependency-rules")) },
	{ "bad-unlock", "BadUnlockBalance",
	  "A thread releases a lock it does not hold. Fix: release each lock once, on the "
	  "thread that took it.",
	  SARIF_HELP_URI("bad-unlock-balance", NULL) },
	{ "bad-contention", "BadContention",
	  "A lock's contention was noted for a lock the thread does not hold or wait for. "
	  "Fix: check the annotation that noted it.",
	  SARIF_HELP_URI("bad-contention", NULL) },
	{ "held-lock-freed", "HeldLockFreed",
	  "Memory holding a lock is freed while the lock is held. Fix: release the lock "
	  "before freeing or destroying what holds it.",
	  SARIF_HELP_URI("held-lock-freed", NULL) },
	{ "nested-lock", "NestedLockNotTaken",
	  "A lock taken as nested under an outer lock was taken without that outer lock. "
	  "Fix: take the outer lock first, or drop the nesting annotation.",
	  SARIF_HELP_URI("nested-lock-was-not-taken", NULL) },
	{ "held-at-exit", "LockHeldAtThreadExit",
	  "A thread ended while holding a lock, and another thread waits for it: that one "
	  "waits for ever. Fix: release every lock before the thread returns or exits.",
	  SARIF_HELP_URI("a-lock-held-at-thread-exit", NULL) },
	{ "held-returning", "LockHeldOnReturn",
	  "A lock is still held where the code says none may be. Fix: release it before "
	  "that point.",
	  SARIF_HELP_URI("lock-held-when-returning", NULL) },
	{ "rcu", "SuspiciousRcuUsage",
	  "An RCU rule of lockdep's was broken. Fix: follow the report's stack to the call "
	  "that broke it.",
	  SARIF_HELP_URI("suspicious-rcu-usage", NULL) },
	{ "foreign-unlock", "ForeignUnlock",
	  "A thread releases a lock that another thread holds. Fix: release a lock on the "
	  "thread that took it; to hand work over, use a condition variable or a "
	  "semaphore.",
	  SARIF_HELP_URI("unlocking-a-lock-another-thread-holds", NULL) },
	{ "destroy-held", "DestroyHeldLock",
	  "A lock is destroyed while another thread holds it. Fix: destroy a lock only "
	  "after every thread has released it.",
	  SARIF_HELP_URI("destroying-a-lock-another-thread-holds", NULL) },
	{ "init-held", "InitHeldLock",
	  "A held lock is initialised again, which loses its state. Fix: release it "
	  "first, or initialise it once.",
	  SARIF_HELP_URI("a-held-lock-initialised-again", NULL) },
	{ "assert", "LockAssertionFailed",
	  "An assertion that a lock is held, or not held, failed. Fix: take or release the "
	  "lock where the assertion says, or correct the assertion.",
	  SARIF_HELP_URI("a-failed-lock-assertion", SARIF_KERNEL("annotations")) },
	{ "annotation", "BadAnnotation",
	  "An annotation of liblockdep's was called in a way it cannot follow. Fix: see "
	  "the report's message for the call.",
	  SARIF_HELP_URI("a-bad-annotation", NULL) },
	{ "capacity", "CapacityExceeded",
	  "lockdep ran out of room for what the program does and stopped checking. Fix: "
	  "rebuild with the larger limit the report names.",
	  SARIF_HELP_URI("capacity-too-low", SARIF_KERNEL("troubleshooting")) },
};

/* The help of a kind, or NULL for one this table does not know. */
static const struct sarif_rule_help *sarif_rule_help_of(const char *kind)
{
	for (size_t i = 0; i < ARRAY_SIZE(sarif_rule_helps); i++)
		if (!strcmp(sarif_rule_helps[i].kind, kind))
			return &sarif_rule_helps[i];
	return NULL;
}
