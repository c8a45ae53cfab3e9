/*
 * liblockdep's public API, declared in liblockdep.h: what the kernel lets its own
 * developers say about their locks (nesting subclasses, classes, assertions), in
 * user-space form.
 */
_Static_assert(sizeof(struct liblockdep_key) >= sizeof(struct lock_class_key),
	       "struct liblockdep_key holds a lockdep class key");

/* The 2013 liblockdep needed these; every thread now sets itself up on first use. */
LIBLOCKDEP_API void liblockdep_init(void)
{
}

LIBLOCKDEP_API void liblockdep_set_thread(void)
{
}

/* Checking can be switched at run time; lockdep keeps what it learnt meanwhile. A
 * switch from a constructor must not be undone by LIBLOCKDEP read after it. */
LIBLOCKDEP_API void liblockdep_enable(void)
{
	liblockdep_settings_read_once();
	WRITE_ONCE(liblockdep_checking, 1);
}

LIBLOCKDEP_API void liblockdep_disable(void)
{
	liblockdep_settings_read_once();
	liblockdep_was_off = true;
	WRITE_ONCE(liblockdep_checking, 0);
	fast_path_switch_changed();
}

/* Off when switched off, or when lockdep gave up (out of capacity, or a broken
 * internal check). */
LIBLOCKDEP_API int liblockdep_enabled(void)
{
	liblockdep_settings_read_once();
	return READ_ONCE(liblockdep_checking) && READ_ONCE(debug_locks);
}

/*
 * An annotation used in a way lockdep cannot take: lockdep's own answer would be a
 * WARN that turns checking off for good, a report begun and never ended, or a crash.
 * Instead a report of its own, headed by the annotation and the problem, which with
 * the lock's class is its identity (src/report_once.c); the caller then leaves lockdep
 * alone, or does what the message says.
 */
static __printf(5, 6) void annotation_misused(const char *api, const char *problem,
					      const void *lock, unsigned long ip,
					      const char *fmt, ...)
{
	struct lock_entry *e = lock ? lock_entry_find(lock) : NULL;
	va_list ap;

	if (!liblockdep_check_now() || !liblockdep_enter(ip) ||
	    !liblockdep_report_begin(problem, lock))
		goto out;
	pr_warn("\n");
	pr_warn("=================================\n");
	pr_warn("BUG: %s(): %s\n", api, problem);
	print_kernel_ident();
	pr_warn("---------------------------------\n");
	pr_warn("liblockdep: %s(): ", api);
	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
	if (lock)
		pr_warn("%s/%d called it on %px (%s) at:\n", current->comm, current->pid, lock,
			e && e->map.name ? e->map.name : "not a lock liblockdep knows");
	else
		pr_warn("%s/%d called it at:\n", current->comm, current->pid);
	pr_warn(" %pS\n", (void *)ip);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
out:
	liblockdep_report_end();
}

/* Lockdep has 8 nesting subclasses; past them, the deepest. The lock's entry exists
 * (the caller made sure), so that the report names its class. */
static unsigned int subclass_out_of_range(const void *lock, unsigned int subclass,
					  const char *api, unsigned long ip)
{
	annotation_misused(api, "subclass out of range", lock, ip,
			   "subclass %u is not in 0..%lu; taken as %lu\n", subclass,
			   MAX_LOCKDEP_SUBCLASSES - 1, MAX_LOCKDEP_SUBCLASSES - 1);
	return MAX_LOCKDEP_SUBCLASSES - 1;
}

LIBLOCKDEP_API int liblockdep_mutex_lock_nested(void *mutex, unsigned int subclass)
{
	pthread_mutex_t *m = mutex;

	if (!liblockdep_check_now())
		return real(pthread_mutex_lock)(m);
	if (unlikely(subclass >= MAX_LOCKDEP_SUBCLASSES) &&
	    lock_entry_of(m, LOCK_KIND_MUTEX, 0, _RET_IP_))
		subclass = subclass_out_of_range(m, subclass, __func__, _RET_IP_);
	return mutex_lock_validated(m, MUTEX_LOCK, NULL, subclass, _RET_IP_);
}

static int rwlock_lock_nested(pthread_rwlock_t *rw, bool write, unsigned int subclass,
			      const char *api, unsigned long ip)
{
	enum rwlock_call call = write ? RWLOCK_WR : RWLOCK_RD;

	if (!liblockdep_check_now())
		return real_rwlock_lock(rw, call, NULL);
	if (unlikely(subclass >= MAX_LOCKDEP_SUBCLASSES) && rwlock_entry(rw, ip))
		subclass = subclass_out_of_range(rw, subclass, api, ip);
	return rwlock_lock_validated(rw, call, NULL, subclass, ip);
}

LIBLOCKDEP_API int liblockdep_rwlock_rdlock_nested(void *rwlock, unsigned int subclass)
{
	return rwlock_lock_nested(rwlock, false, subclass, __func__, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_rwlock_wrlock_nested(void *rwlock, unsigned int subclass)
{
	return rwlock_lock_nested(rwlock, true, subclass, __func__, _RET_IP_);
}

/* The entry of a lock the program already initialised or used. */
static struct lock_entry *annotated_entry(const void *lock, const char *api, unsigned long ip)
{
	struct lock_entry *e = lock ? lock_entry_find(lock) : NULL;

	if (!e)
		annotation_misused(api, "not a lock liblockdep knows", lock, ip,
				   "%px was never initialised or locked; call it after the "
				   "lock's init or first use\n", lock);
	return e;
}

static void set_class(struct lock_entry *e, struct lock_class_key *key, const char *name)
{
	lockdep_init_map_waits(&e->map, name ? name : e->map.name, key, 0,
			       e->map.wait_type_inner, e->map.wait_type_outer);
}

/* Lockdep takes a key in static storage, or one registered at run time. */
static bool key_usable(struct lock_class_key *key)
{
	return key && (static_obj(key) || is_dynamic_key(key));
}

LIBLOCKDEP_API void liblockdep_set_class(const void *lock, struct liblockdep_key *key,
					 const char *name)
{
	struct lock_entry *e = annotated_entry(lock, __func__, _RET_IP_);

	if (!e)
		return;
	if (!key_usable((struct lock_class_key *)key)) {
		annotation_misused(__func__, "key not registered", lock, _RET_IP_,
				   "key %px is neither static nor registered "
				   "(liblockdep_register_key); lock left in its class\n", (void *)key);
		return;
	}
	lock_entry_drop_own_key(e);
	set_class(e, (struct lock_class_key *)key, name);
}

LIBLOCKDEP_API void liblockdep_set_own_class(const void *lock, const char *name)
{
	struct lock_entry *e = annotated_entry(lock, __func__, _RET_IP_);

	if (e && !e->own_key_registered)
		set_class(e, lock_entry_use_own_key(e), name);
}

LIBLOCKDEP_API void liblockdep_set_novalidate_class(const void *lock)
{
	struct lock_entry *e = annotated_entry(lock, __func__, _RET_IP_);

	if (e) {
		lock_entry_drop_own_key(e);
		set_class(e, &__lockdep_no_validate__, NULL);
	}
}

/* Only a key of the heap or a thread's stack is registered, and only once. */
LIBLOCKDEP_API void liblockdep_register_key(struct liblockdep_key *key)
{
	struct lock_class_key *k = (struct lock_class_key *)key;

	if (!k)
		annotation_misused(__func__, "no key", NULL, _RET_IP_, "the key is NULL\n");
	else if (static_obj(k))
		annotation_misused(__func__, "static key", NULL, _RET_IP_,
				   "key %px is in static storage: it needs no registration\n", (void *)k);
	else if (is_dynamic_key(k))
		annotation_misused(__func__, "key already registered", NULL, _RET_IP_,
				   "key %px is registered already\n", (void *)k);
	else
		lockdep_register_key(k);
}

LIBLOCKDEP_API void liblockdep_unregister_key(struct liblockdep_key *key)
{
	struct lock_class_key *k = (struct lock_class_key *)key;

	if (!k || static_obj(k) || !is_dynamic_key(k))
		annotation_misused(__func__, "key not registered", NULL, _RET_IP_,
				   "key %px was not registered (liblockdep_register_key)\n", (void *)k);
	else
		class_key_unregister(k);
}

static void assert_held(const void *lock, bool want_held, unsigned long ip)
{
	struct lock_entry *e;
	char unknown[32];
	bool held;

	if (!liblockdep_check_now() || !READ_ONCE(debug_locks) || !liblockdep_enter(ip))
		return;
	held_locks_catch_up(ip);
	held = held_lock_entry(lock) || merged_lock_of(lock);
	if (held == want_held ||
	    !liblockdep_report_begin(want_held ? "assert held" : "assert not held", lock))
		goto out;
	e = lock_entry_find(lock);
	liblockdep_snprintk(unknown, sizeof(unknown), "%p", lock);
	pr_warn("\n");
	pr_warn("==================================\n");
	pr_warn("WARNING: lock %s where asserted %s!\n", want_held ? "not held" : "held",
		want_held ? "held" : "not held");
	print_kernel_ident();
	pr_warn("----------------------------------\n");
	pr_warn("%s/%d asserted that it %s %px (%s) at:\n", current->comm, current->pid,
		want_held ? "holds" : "does not hold", lock,
		e && e->map.name ? e->map.name : unknown);
	pr_warn(" %pS\n", (void *)ip);
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
out:
	liblockdep_report_end();
}

LIBLOCKDEP_API void liblockdep_assert_held(const void *lock)
{
	assert_held(lock, true, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_assert_not_held(const void *lock)
{
	assert_held(lock, false, _RET_IP_);
}

/* As free() does: the locks there go even while checking is off, unreported. */
LIBLOCKDEP_API void liblockdep_check_free(const void *ptr, unsigned long size)
{
	if (ptr && size)
		forget_locks_in(ptr, size, _RET_IP_);
}
