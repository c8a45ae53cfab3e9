/*
 * The locking plumbing of C++: the code between a program's "lock this" and the
 * pthread call that liblockdep sees (libstdc++'s __gthread_* wrappers, std::mutex and
 * its kin, the lock guards, std::lock). An optimised build inlines it; at -O0 or -Og
 * it stays out of line, and the address a lock is first locked from then lies inside
 * it, the same for every heap std::mutex of the program. A class keyed by that
 * address would make them all one class (a "recursive locking" for any two nested),
 * so a first use is keyed by the first call site outside the plumbing instead. A
 * frame is plumbing by its function's name, mangled or as the source spells it; a
 * frame without a name is the user's.
 *
 * A std::thread is created the same way, in libstdc++: its class is where the
 * program creates it.
 *
 * A small function that makes locks for its callers (OpenSSL's
 * CRYPTO_THREAD_lock_new(), libuv's uv_mutex_init()) needs no name here: it is
 * recognised by what it is (src/lock_makers.c). A library helper that rule does not
 * cover (below) is plumbing the same way as C++'s: the helper is the user-space twin
 * of the kernel's mutex_init() macro, whose class is its caller's site, so a lock it
 * creates is keyed by the first call site outside it. Nesting within one class that
 * really is one class (a tree's node locks, all made by one caller) is still
 * reported.
 *
 * A library may create the lock on its first use, in a static function of a stripped
 * object that has no name to list (GLib's GRecMutex and GRWLock: g_rec_mutex_lock()
 * creates the pthread mutex in g_rec_mutex_impl_new()). Frames without a name called
 * from a plumbing function are that function's own implementation, so they are
 * plumbing too; unnamed frames called from anything else stay the user's.
 */
#define LOCK_PLUMBING_PATH_MAX	128

/* Scopes and functions of std:: whose frames are plumbing, with what they contain. */
static const char *const lock_plumbing_std[] = {
	"mutex", "recursive_mutex", "timed_mutex", "recursive_timed_mutex",
	"shared_mutex", "shared_timed_mutex", "__shared_mutex_pthread", "__shared_mutex_cv",
	"__mutex_base", "__recursive_mutex_base", "__timed_mutex_impl",
	"lock_guard", "unique_lock", "scoped_lock", "shared_lock",
	"lock", "try_lock", "__detail::__lock_impl", "__detail::__try_lock_impl",
};

/*
 * Functions of std:: (not scopes) that create a thread: its class is their caller's
 * (src/thread_join.c). Only these: the rest of std::thread is the thread's own code,
 * and at -O2 _State_impl::_M_run holds the user's function, inlined, locks and all.
 */
static const char *const lock_plumbing_std_thread[] = {
	"thread", "thread::thread", "thread::_M_start_thread",	/* "thread": a mangled ctor */
	"jthread", "jthread::jthread", "jthread::_S_create",
};

/*
 * Helpers of libraries that the rule of lock makers (src/lock_makers.c) does not
 * cover: they create the lock on its first use (GLib's g_rec_mutex_lock()), in a
 * static function that a stripped library leaves unnamed (libdbus, SQLite, GLib:
 * seen by name only with debug symbols), or create threads (libuv's, keyed by where
 * they are created).
 */
static const char *const lock_creating_helpers[] = {
	"_dbus_platform_mutex_new",	/* libdbus */
	"_dbus_platform_rmutex_new",
	"pthreadMutexAlloc",		/* SQLite */
	"g_mutex_impl_new",		/* GLib (static: seen with its debug symbols) */
	"g_rec_mutex_impl_new",
	"g_rw_lock_impl_new",
	"g_rec_mutex_init",		/* GLib's entry points that call them */
	"g_rec_mutex_lock",
	"g_rec_mutex_trylock",
	"g_rw_lock_init",
	"g_rw_lock_writer_lock",
	"g_rw_lock_writer_trylock",
	"g_rw_lock_reader_lock",
	"g_rw_lock_reader_trylock",
	"uv_sem_init",			/* libuv: larger than a maker */
	"uv_thread_create",		/* threads, keyed by where they are created */
	"uv_thread_create_ex",
};

/* Appends "::" and the len characters of id to path, as room allows. */
static void plumbing_path_add(char *path, const char *id, size_t len)
{
	size_t used = strlen(path);

	if (used + len + 3 > LOCK_PLUMBING_PATH_MAX)
		return;
	if (used) {
		memcpy(path + used, "::", 2);
		used += 2;
	}
	memcpy(path + used, id, len);
	path[used + len] = '\0';
}

/* "std::mutex::lock" from "_ZNSt5mutex4lockEv": the scopes and the function's name,
 * without template arguments, from the mangled name's leading <source-name>s. */
static void plumbing_path_mangled(const char *sym, char *path)
{
	const char *p = sym + 2 + (sym[2] == 'Z');	/* a local name: its function's */
	bool nested = *p == 'N';
	char *end;

	if (*p == 'L' || nested)
		p++;
	while (nested && *p && strchr("KVr", *p))
		p++;
	for (;;) {
		if (p[0] == 'S' && p[1] == 't') {
			plumbing_path_add(path, "std", 3);
			p += 2;
		} else if (*p >= '1' && *p <= '9') {
			unsigned long len = strtoul(p, &end, 10);

			if (strnlen(end, len) < len)
				return;
			plumbing_path_add(path, end, len);
			p = end + len;
		} else {
			return;
		}
		if (!nested && strcmp(path, "std"))
			return;
	}
}

/* "std::lock" from "void std::lock<std::mutex>(std::mutex&)": a return type dropped,
 * then the scopes and the function's name, up to template arguments or parameters. */
static void plumbing_path_demangled(const char *sym, char *path)
{
	const char *start = sym + strcspn(sym, " <(");
	size_t len;

	start = *start == ' ' ? start + 1 : sym;
	len = strcspn(start, "<(");
	if (len < LOCK_PLUMBING_PATH_MAX) {
		memcpy(path, start, len);
		path[len] = '\0';
	}
}

/* Whether path is name, or within the scope name. */
static bool plumbing_path_in(const char *path, const char *name)
{
	size_t len = strlen(name);

	return !strncmp(path, name, len) && (!path[len] || !strncmp(path + len, "::", 2));
}

static bool lock_plumbing_symbol(const char *sym)
{
	char path[LOCK_PLUMBING_PATH_MAX] = "";
	const char *in_std;

	for (size_t i = 0; i < ARRAY_SIZE(lock_creating_helpers); i++)
		if (!strcmp(sym, lock_creating_helpers[i]))
			return true;
	if (!strncmp(sym, "_Z", 2))
		plumbing_path_mangled(sym, path);
	else
		plumbing_path_demangled(sym, path);
	if (!strncmp(path, "__gthread_", 10))
		return true;
	if (strncmp(path, "std::", 5))
		return false;
	in_std = path + 5;
	if (!strncmp(in_std, "__1::", 5))	/* libc++'s inline namespace */
		in_std += 5;
	for (size_t i = 0; i < ARRAY_SIZE(lock_plumbing_std); i++)
		if (plumbing_path_in(in_std, lock_plumbing_std[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(lock_plumbing_std_thread); i++)
		if (!strcmp(in_std, lock_plumbing_std_thread[i]))
			return true;
	return false;
}

/* The C++ library headers that hold the plumbing (libstdc++'s, with the gthread
 * layer over pthread, and libc++'s), where a line table places its inlined code. */
static const char *const lock_plumbing_headers[] = {
	"std_mutex.h", "unique_lock.h", "mutex", "shared_mutex", "gthr.h", "gthr-default.h",
	"gthr-posix.h", "__mutex_base", "__threading_support",
};

/* Whether a source file is one of those headers (src/debug_lines.c asks). */
static bool lock_plumbing_source(const char *path)
{
	const char *name = sym_basename(path);

	if (!strstr(path, "/c++/") && !strstr(path, "/__mutex/"))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(lock_plumbing_headers); i++)
		if (!strcmp(name, lock_plumbing_headers[i]))
			return true;
	return strstr(path, "/__mutex/");
}

/* Whether the code at ip is the plumbing's, or a wrapper's by a rule (src/rules.c);
 * *named, whether it has a name at all. */
static bool lock_plumbing_at(unsigned long ip, bool *named)
{
	const char *sym = liblockdep_symbol_at(ip, NULL, NULL);

	if (named)
		*named = sym;
	return (sym && lock_plumbing_symbol(sym)) || lock_rules_wrapper(ip);
}

/* Reads frame index of a stack, at ip, while the stack may still be in the plumbing:
 * when ip is plumbing, *plumbing becomes the number of frames up to it. False when the
 * plumbing ended before it (named code of the user's); an unnamed frame may be the
 * plumbing's own if a plumbing frame follows. */
static bool lock_plumbing_frame(unsigned long ip, unsigned int index, unsigned int *plumbing)
{
	bool named;

	if (lock_plumbing_at(ip, &named)) {
		*plumbing = index + 1;
		return true;
	}
	return !named;
}

/* The number of plumbing frames that trace[0..count) starts with: named ones, and
 * runs of unnamed frames that a named plumbing frame called. */
static unsigned int lock_plumbing_frames(const unsigned long *trace, unsigned int count)
{
	unsigned int first = 0;

	for (unsigned int i = 0; i < count && lock_plumbing_frame(trace[i], i, &first); i++)
		;
	return first;
}

/*
 * ips[0], the return address of the call into liblockdep, is in the plumbing (or may
 * be: it has no name): fill ips[0..n) with the first frame of this thread's stack
 * outside it and its callers, and return how many frames were plumbing. 0, ips
 * untouched, when ips[0] is not plumbing; -1 when the stack cannot say (it does not
 * start at ips[0], or holds nothing but plumbing).
 */
static int lock_plumbing_skip(unsigned long *ips, unsigned int n)
{
	unsigned long trace[STACK_TRACE_MAX_FRAMES];
	unsigned int count = stack_trace_save(trace, STACK_TRACE_MAX_FRAMES, 0);
	unsigned int first;

	if (!count || trace[0] != ips[0])
		return -1;
	first = lock_plumbing_frames(trace, count);
	if (first == count)
		return -1;
	for (unsigned int i = 0; first && i < n; i++)
		ips[i] = first + i < count ? trace[first + i] : 0;
	return first;
}
