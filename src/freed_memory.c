/*
 * Memory that goes away with locks in it: the kernel's debug_check_no_locks_freed(),
 * which its allocators call on every free. A lock is often freed without a destroy
 * (libstdc++'s std::mutex never calls pthread_mutex_destroy(); C code frees a struct
 * holding an unlocked mutex), and its side-table entry would outlive the memory: the
 * next lock at that address would inherit the old lock's class and dependencies. So
 * free(), realloc() and reallocarray() (of a block that moves or shrinks), munmap(),
 * and C++'s delete (libstdc++'s operator delete calls free()) forget the locks in the
 * memory they release, and report a lock this thread still holds there ("held lock
 * freed"), as liblockdep_check_free() does on request.
 *
 * A free() of memory that holds no lock costs one load while the side table is empty,
 * and a few counter loads otherwise (src/lock_places.c). Nothing on the way to the
 * real free() allocates, prints or calls the loader unless a lock is found there (and
 * then only to report a held one): free() may come from anywhere, before main() and
 * after exit handlers, from the loader itself.
 */

LIBLOCKDEP_WRAPPER(void, free, (void *ptr))
LIBLOCKDEP_WRAPPER(void *, realloc, (void *ptr, size_t size))
LIBLOCKDEP_WRAPPER(void *, reallocarray, (void *ptr, size_t nmemb, size_t size))
LIBLOCKDEP_WRAPPER(int, munmap, (void *addr, size_t length))

/* The definitions that come after ours: the allocator's own. */
struct next_allocator {
	void (*free)(void *);
	void *(*realloc)(void *, size_t);
	void *(*reallocarray)(void *, size_t, size_t);
	int (*munmap)(void *, size_t);
	/* The allocator's own block size, or NULL: free() is not that allocator's. */
	size_t (*usable_size)(void *);
};

static struct next_allocator next_allocator;
static bool next_allocator_ready;
static __thread bool next_allocator_resolving;

/*
 * The definition that a call of @name would reach without us. Ours is called only
 * where it is the process's definition (the preload flavour, or the drop-in's weak
 * definitions below, which a program's own free() overrides), so it is the one after
 * ours. Not RTLD_DEFAULT's answer: in a program that takes free's address, that is
 * the program's PLT entry, which leads back here.
 */
static void *next_definition(const char *name, void *ours)
{
	void *next = dlsym(RTLD_NEXT, name);

	/* Never ours: a call would loop for ever. */
	return next == ours ? NULL : next;
}

/* A block's size is asked of malloc_usable_size() only if it belongs to the object
 * that defines the free() we call: a program's own allocator may have none. */
static void *usable_size_of_allocator(void *free_fn)
{
	void *size_fn = dlsym(RTLD_DEFAULT, "malloc_usable_size");
	struct loaded_object free_obj, size_obj;

	if (!size_fn || !free_fn ||
	    !loaded_object_of((unsigned long)free_fn, &free_obj) ||
	    !loaded_object_of((unsigned long)size_fn, &size_obj) ||
	    free_obj.start != size_obj.start)
		return NULL;
	return size_fn;
}

/*
 * In a constructor, before the program runs, or at the first call made before it
 * (another library's constructor, or the loader): then it is start-up, and the
 * loader, if it is the caller, holds only its own recursive lock. A call that the
 * lookup itself makes finds the pointers still NULL (see the callers).
 */
static void next_allocator_resolve(void)
{
	struct next_allocator *n = &next_allocator;
	int saved_errno = errno;

	if (next_allocator_resolving)
		return;
	next_allocator_resolving = true;
	__atomic_store_n(&n->free, next_definition("free", (void *)liblockdep_free),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&n->realloc, next_definition("realloc", (void *)liblockdep_realloc),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&n->reallocarray,
			 next_definition("reallocarray", (void *)liblockdep_reallocarray),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&n->munmap, next_definition("munmap", (void *)liblockdep_munmap),
			 __ATOMIC_RELAXED);
	__atomic_store_n(&n->usable_size, usable_size_of_allocator((void *)n->free),
			 __ATOMIC_RELAXED);
	/* Until every one is found, each call looks again (and a free() leaks). */
	__atomic_store_n(&next_allocator_ready, n->free && n->realloc && n->munmap,
			 __ATOMIC_RELEASE);
	next_allocator_resolving = false;
	errno = saved_errno;
}

/* Before liblockdep's other constructors, which may free through the loader. */
static void __attribute__((__constructor__(101))) next_allocator_init(void)
{
	if (!__atomic_load_n(&next_allocator_ready, __ATOMIC_ACQUIRE))
		next_allocator_resolve();
}

static inline const struct next_allocator *next_alloc(void)
{
	if (unlikely(!__atomic_load_n(&next_allocator_ready, __ATOMIC_ACQUIRE)))
		next_allocator_resolve();
	return &next_allocator;
}

struct freed_memory {
	const void *from;
	unsigned long len;
	unsigned long ip;
	bool held_checked;
};

/* A lock of the table may be at @addr: if it is, it goes, after the first one found
 * has this thread's held locks checked against the whole range. */
static void forget_lock_at(unsigned long addr, void *arg)
{
	struct freed_memory *m = arg;
	const void *lock = (const void *)addr;

	if (!lock_entry_find(lock))
		return;
	if (!m->held_checked) {
		m->held_checked = true;
		if (current->lockdep_depth && liblockdep_check_now() && liblockdep_enter(m->ip))
			check_no_held_lock_in(m->from, m->len);
	}
	lock_entry_forget(lock);
}

/* The locks that may be in [from, from + len), out of line (see below). */
static noinline void forget_locks_visit(const void *from, unsigned long len, unsigned long ip)
{
	struct freed_memory m = { from, len, ip, false };

	if (!thread_in_liblockdep())
		lock_places_visit(from, len, forget_lock_at, &m);
}

/*
 * [from, from + len) is about to be, or has just been, given back: its locks are
 * gone. Not while liblockdep is at work in this thread (its own frees hold no lock
 * of the program's, and a signal handler that interrupted it must not take its
 * mutexes). The test of the counters inline, with no call: most frees end there.
 */
static __always_inline void forget_locks_in(const void *from, unsigned long len,
					    unsigned long ip)
{
	if (unlikely(lock_places_maybe(from, len)))
		forget_locks_visit(from, len, ip);
}

/* Memory that ended with its thread (src/task.c), whose held locks were checked at
 * its exit: its locks go, unreported. */
static void forget_locks_of_ended(const void *from, unsigned long len)
{
	struct freed_memory m = { from, len, 0, true };

	lock_places_visit(from, len, forget_lock_at, &m);
}

LIBLOCKDEP_WRAPPER_API void liblockdep_free(void *ptr)
{
	const struct next_allocator *n = next_alloc();
	size_t size;

	/* The block's size is asked only while the table has locks. */
	if (unlikely(!lock_places_none()) && ptr && n->usable_size && (size = n->usable_size(ptr)))
		forget_locks_in(ptr, size, _RET_IP_);
	/* Only a free() made by the lookup of the real one: that block is left. */
	if (likely(n->free))
		n->free(ptr);
}

/*
 * What a realloc() gave back, known only after it: the whole old block if it moved,
 * its tail if it shrank in place. The old block's size is taken before.
 */
static void forget_locks_reallocated(void *old, size_t old_size, void *new, size_t size,
				     unsigned long ip)
{
	if (new && new != old)
		forget_locks_in(old, old_size, ip);
	else if (new && size < old_size)
		forget_locks_in((char *)old + size, old_size - size, ip);
	else if (!new && !size)
		forget_locks_in(old, old_size, ip);	/* glibc's realloc(p, 0) frees p */
}

static size_t block_size_if_locks(void *ptr)
{
	size_t (*usable_size)(void *) = next_alloc()->usable_size;

	return ptr && usable_size && !lock_places_none() ? usable_size(ptr) : 0;
}

LIBLOCKDEP_WRAPPER_API void *liblockdep_realloc(void *ptr, size_t size)
{
	void *(*next)(void *, size_t) = next_alloc()->realloc;
	size_t old_size = block_size_if_locks(ptr);
	void *new;

	if (unlikely(!next)) {
		errno = ENOMEM;
		return NULL;
	}
	new = next(ptr, size);
	if (unlikely(old_size))
		forget_locks_reallocated(ptr, old_size, new, size, _RET_IP_);
	return new;
}

LIBLOCKDEP_WRAPPER_API void *liblockdep_reallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *(*next)(void *, size_t, size_t) = next_alloc()->reallocarray;
	size_t old_size = block_size_if_locks(ptr), bytes;
	void *new;

	if (unlikely(!next)) {
		errno = ENOMEM;
		return NULL;
	}
	new = next(ptr, nmemb, size);
	if (unlikely(old_size) && !__builtin_mul_overflow(nmemb, size, &bytes))
		forget_locks_reallocated(ptr, old_size, new, bytes, _RET_IP_);
	return new;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_munmap(void *addr, size_t length)
{
	int (*next)(void *, size_t) = next_alloc()->munmap;

	forget_locks_in(addr, length, _RET_IP_);
	if (unlikely(!next))
		return (int)syscall(SYS_munmap, addr, length);
	return next(addr, length);
}

/*
 * Built with a sanitizer (ASan, TSan, MSan), the drop-in leaves free() and its kin to
 * the sanitizer's runtime. Its start-up frees through the program's definition
 * before its shadow memory exists (gcc's runtimes are shared libraries; so is
 * clang's with -shared-libasan), from inside dlsym()'s error handling, where ours
 * can neither run instrumented nor look up the next definition; clang's static
 * runtime defines them in the executable anyway, over ours.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define LIBLOCKDEP_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer)
#define LIBLOCKDEP_SANITIZED 1
#endif
#endif

#if !defined(LIBLOCKDEP_PRELOAD) && !defined(LIBLOCKDEP_SANITIZED)
/*
 * The drop-in flavour sees every free in the process, not only those of the files
 * compiled with liblockdep.h: the executable's definitions come first, before the C
 * library's and any allocator library's, and ours call the one that comes next.
 * They are weak: a program that brings its own free() (or links an allocator into
 * the executable) keeps it, and only its checked files' calls come here.
 */
#define LIBLOCKDEP_PROCESS_WIDE(name) \
	extern __typeof__(liblockdep_##name) liblockdep_process_##name __asm__(#name) \
		__attribute__((__weak__, __alias__("liblockdep_" #name), \
			       __visibility__("default")));
LIBLOCKDEP_PROCESS_WIDE(free)
LIBLOCKDEP_PROCESS_WIDE(realloc)
LIBLOCKDEP_PROCESS_WIDE(reallocarray)
LIBLOCKDEP_PROCESS_WIDE(munmap)
#undef LIBLOCKDEP_PROCESS_WIDE
#endif
