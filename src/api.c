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
}

/* Off when switched off, or when lockdep gave up (out of capacity, or a broken
 * internal check). */
LIBLOCKDEP_API int liblockdep_enabled(void)
{
	liblockdep_settings_read_once();
	return READ_ONCE(liblockdep_checking) && READ_ONCE(debug_locks);
}

LIBLOCKDEP_API int liblockdep_mutex_lock_nested(void *mutex, unsigned int subclass)
{
	pthread_mutex_t *m = mutex;

	if (!liblockdep_check_now())
		return real(pthread_mutex_lock)(m);
	return mutex_lock_validated(m, MUTEX_LOCK, NULL, subclass, _RET_IP_);
}

static int rwlock_lock_nested(pthread_rwlock_t *rw, bool write, unsigned int subclass,
			      unsigned long ip)
{
	enum rwlock_call call = write ? RWLOCK_WR : RWLOCK_RD;

	if (!liblockdep_check_now())
		return real_rwlock_lock(rw, call, NULL);
	return rwlock_lock_validated(rw, call, NULL, subclass, ip);
}

LIBLOCKDEP_API int liblockdep_rwlock_rdlock_nested(void *rwlock, unsigned int subclass)
{
	return rwlock_lock_nested(rwlock, false, subclass, _RET_IP_);
}

LIBLOCKDEP_API int liblockdep_rwlock_wrlock_nested(void *rwlock, unsigned int subclass)
{
	return rwlock_lock_nested(rwlock, true, subclass, _RET_IP_);
}

/* The entry of a lock the program already initialised or used. */
static struct lock_entry *annotated_entry(const void *lock, const char *api)
{
	struct lock_entry *e = lock ? lock_entry_find(lock) : NULL;

	if (!e && liblockdep_check_now())
		printk(KERN_ERR "liblockdep: %s(%p): not a lock liblockdep knows; call it after "
		       "the lock's init or first use\n", api, lock);
	return e;
}

static void set_class(struct lock_entry *e, struct lock_class_key *key, const char *name)
{
	lockdep_init_map_waits(&e->map, name ? name : e->map.name, key, 0,
			       e->map.wait_type_inner, e->map.wait_type_outer);
}

LIBLOCKDEP_API void liblockdep_set_class(const void *lock, struct liblockdep_key *key,
					 const char *name)
{
	struct lock_entry *e = annotated_entry(lock, __func__);

	if (e && key) {
		lock_entry_drop_own_key(e);
		set_class(e, (struct lock_class_key *)key, name);
	}
}

LIBLOCKDEP_API void liblockdep_set_own_class(const void *lock, const char *name)
{
	struct lock_entry *e = annotated_entry(lock, __func__);

	if (e && !e->own_key_registered)
		set_class(e, lock_entry_use_own_key(e), name);
}

LIBLOCKDEP_API void liblockdep_set_novalidate_class(const void *lock)
{
	struct lock_entry *e = annotated_entry(lock, __func__);

	if (e) {
		lock_entry_drop_own_key(e);
		set_class(e, &__lockdep_no_validate__, NULL);
	}
}

LIBLOCKDEP_API void liblockdep_register_key(struct liblockdep_key *key)
{
	lockdep_register_key((struct lock_class_key *)key);
}

LIBLOCKDEP_API void liblockdep_unregister_key(struct liblockdep_key *key)
{
	lockdep_unregister_key((struct lock_class_key *)key);
}

/*
 * A failed assertion prints once per lock class and kind of assertion, as a report:
 * an assertion in a loop or on every object of a class would otherwise flood.
 */
static bool assertion_first_failure(const void *lock, bool want_held)
{
	static pthread_mutex_t reported_mutex = PTHREAD_MUTEX_INITIALIZER;
	static unsigned long reported[256];
	static unsigned int nr_reported;
	struct lock_entry *e = lock_entry_find(lock);
	unsigned long what = (e ? (unsigned long)e->map.key : (unsigned long)lock) | want_held;
	bool first = true;

	internal_lock(&reported_mutex);
	for (unsigned int i = 0; i < nr_reported; i++)
		if (reported[i] == what)
			first = false;
	if (first && nr_reported < ARRAY_SIZE(reported))
		reported[nr_reported++] = what;
	internal_unlock(&reported_mutex);
	return first;
}

static void assert_held(const void *lock, bool want_held, unsigned long ip)
{
	bool held;

	if (!liblockdep_check_now() || !READ_ONCE(debug_locks) || !liblockdep_enter(ip))
		return;
	held = held_lock_entry(lock);
	if (held == want_held || !assertion_first_failure(lock, want_held) || !debug_locks_off())
		return;
	pr_warn("\n");
	pr_warn("==================================\n");
	pr_warn("WARNING: lock %s where asserted %s!\n", want_held ? "not held" : "held",
		want_held ? "held" : "not held");
	print_kernel_ident();
	pr_warn("----------------------------------\n");
	pr_warn("%s/%d asserted at %pS that it %s %px\n", current->comm, current->pid,
		(void *)ip, want_held ? "holds" : "does not hold", lock);
	lockdep_print_held_locks(current);
	pr_warn("\nstack backtrace:\n");
	dump_stack();
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

LIBLOCKDEP_API void liblockdep_check_free(const void *ptr, unsigned long size)
{
	const void *locks[32];
	size_t n;

	if (!liblockdep_checking || !ptr || !size || !liblockdep_enter(_RET_IP_))
		return;
	check_no_held_lock_in(ptr, size);
	/* A batch at a time: forgotten locks leave the table, so each scan finds the rest. */
	do {
		n = lock_table_locks_in(ptr, size, locks, ARRAY_SIZE(locks));
		for (size_t i = 0; i < n; i++)
			lock_entry_forget(locks[i]);
	} while (n == ARRAY_SIZE(locks));
}
