# liblockdep.c and a user file that force-includes liblockdep.h build with zero
# warnings under gcc and clang, -O0 and -O2, gnu11 and gnu17, checking on and off and
# in the preload flavour, with strict user flags (and a strict POSIX feature macro);
# liblockdep.c also builds with its own header force-included, and its runtime still
# reaches libc's functions then; the header works from C++; and the user file may
# include it before or after <pthread.h>. Every routed call is routed, by address and
# from std::mutex's inline code, in C from c99 to c23 and C++ from c++11 to c++23,
# with the header forced in first or included after the system headers.
# make test builds the C matrix at -O2 and gnu17 only, liblockdep.c without its own
# header, and C++'s std::mutex code at -O2; MATRIX=full (warning_free_builds_matrix.sh,
# make test-all) every combination above.
set -eu
if [ "${MATRIX:-}" = full ]; then
	opts="-O0 -O2" stds="gnu11 gnu17" self_included=yes
else
	opts=-O2 stds=gnu17 self_included=
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
strict_cxx="-Wall -Wextra -Werror -pedantic -Wmissing-declarations -Wredundant-decls -Wshadow"
strict="$strict_cxx -Wmissing-prototypes"
cat > "$out/user.c" <<'C'
/* An ordinary file of an autoconf project: feature macro first, then headers. */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/uio.h>
#include <limits.h>
#include <sys/socket.h>
int user_main(void);
int user_main(void)
{
	static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	int (*lock)(pthread_mutex_t *) = pthread_mutex_lock;
	liblockdep_init();
	(void)accept4; (void)IOV_MAX;
	lock(&m);
	return pthread_mutex_unlock(&m);
}
C
cat > "$out/posix.c" <<'C'
/* A portable file: a strict feature macro, so glibc's signal() is System V's. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
int posix_main(void);
static void on_signal(int sig) { (void)sig; }
int posix_main(void)
{
	struct sigaction sa;
	sigset_t mask;

	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	sa.sa_handler = on_signal;
	sigemptyset(&mask);
	signal(SIGTERM, on_signal);
	return sigaction(SIGINT, &sa, 0) || sigprocmask(SIG_BLOCK, &mask, 0);
}
C
cat > "$out/after.c" <<'C'
#include <pthread.h>
#include "liblockdep.h"
int after_main(void);
int after_main(void) { static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; return pthread_mutex_lock(&m) || pthread_mutex_unlock(&m); }
C
builds=0
for cc in gcc clang; do
	command -v $cc > /dev/null || { echo "$cc not installed"; exit 1; }
	for opt in $opts; do
		for std in $stds; do
			for mode in -DLIBLOCKDEP -ULIBLOCKDEP "-DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC"; do
				flags="$opt -std=$std $strict $mode"
				$cc $flags -c liblockdep.c -o "$out/l.o"
				if [ -n "$self_included" ]; then
					$cc $flags -include liblockdep.h -c liblockdep.c -o "$out/l.o"
					builds=$((builds + 1))
				fi
				$cc $flags -include liblockdep.h -c "$out/user.c" -o "$out/u.o"
				$cc $flags -include liblockdep.h -c "$out/posix.c" -o "$out/p.o"
				$cc $flags -I. -c "$out/after.c" -o "$out/a.o"
				builds=$((builds + 4))
			done
		done
	done
done
# The checked build must really route the calls: the object refers to our wrappers.
gcc -O2 -DLIBLOCKDEP -include liblockdep.h -c "$out/user.c" -o "$out/u.o"
nm "$out/u.o" | grep -q ' U liblockdep_pthread_mutex_lock$'
nm "$out/u.o" | grep -q ' U pthread_mutex_lock$' && { echo "a call escaped routing"; exit 1; }
# sigaction and the masks are routed in every mode; signal() where it is BSD's.
for cc in gcc clang; do
	$cc -O2 -DLIBLOCKDEP -include liblockdep.h -c "$out/posix.c" -o "$out/p.o"
	nm "$out/p.o" | grep -q ' U liblockdep_sigaction$'
	nm "$out/p.o" | grep -q ' U liblockdep_sigprocmask$'
	sed '/_POSIX_C_SOURCE/d' "$out/posix.c" > "$out/bsd.c"
	$cc -O2 -DLIBLOCKDEP -include liblockdep.h -c "$out/bsd.c" -o "$out/b.o"
	nm "$out/b.o" | grep -q ' U liblockdep_signal$'
done
for cxx in g++ clang++; do
	command -v $cxx > /dev/null || continue
	for mode in -DLIBLOCKDEP -ULIBLOCKDEP; do
		printf '#include <pthread.h>\n#include <csignal>\n#include "liblockdep.h"\nstatic void h(int) {}\nint main() { liblockdep_init(); pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; struct sigaction sa = {}; sigset_t s; sa.sa_handler = h; signal(SIGINT, h); sigemptyset(&s); return sigaction(SIGTERM, &sa, 0) || pthread_sigmask(SIG_BLOCK, &s, 0) || sigprocmask(SIG_BLOCK, &s, 0) || pthread_mutex_lock(&m); }\n' > "$out/user.cc"
		$cxx -Wall -Wextra -Werror -pedantic $mode -I. -c "$out/user.cc" -o "$out/c.o"
		printf '#include "liblockdep.h"\nint main() { liblockdep_init(); return 0; }\n' > "$out/bare.cc"
		$cxx -Wall -Wextra -Werror -pedantic $mode -I. -c "$out/bare.cc" -o "$out/c.o"
		builds=$((builds + 2))
	done
done

# The runtime, with its own header forced in (C23 too): it calls libc's functions,
# never its own wrappers.
for cc in gcc clang; do
	$cc -O2 -std=gnu2x $strict -DLIBLOCKDEP -include liblockdep.h -c liblockdep.c -o "$out/l.o"
	nm "$out/l.o" | grep -q ' U pthread_mutex_lock$'
	nm "$out/l.o" | grep -q ' U liblockdep_' && { echo "$cc: liblockdep.c calls its own wrappers"; exit 1; }
	builds=$((builds + 1))
done

# Every routed call, by address, in every standard, the header first or last (not
# the ALLOCATOR family, which the header leaves alone: src/routed_calls.h).
names=$(grep -v '^LIBLOCKDEP_CALL(ALLOCATOR,' src/routed_calls.h |
	sed -n 's/^LIBLOCKDEP_CALL([A-Z_]*, [^,]*, \([a-z_]*\),.*/\1/p')
{
	printf '#ifndef _GNU_SOURCE\n#define _GNU_SOURCE\n#endif\n'
	printf '#include <dlfcn.h>\n#include <pthread.h>\n#include <semaphore.h>\n#include <signal.h>\n#include <threads.h>\n'
	printf '#ifdef AFTER\n#include "liblockdep.h"\n#endif\n'
	for name in $names; do echo "__typeof__(&$name) volatile use_$name = &$name;"; done
} > "$out/every.c"
cp "$out/every.c" "$out/every.cc"
# std::mutex and its kin call pthread from libstdc++'s inline code.
cat > "$out/std.cc" <<'CC'
#include <chrono>
#include <condition_variable>
#include <mutex>
#if __cplusplus >= 201402L
#include <shared_mutex>
#endif
#ifdef AFTER
#include "liblockdep.h"
#endif
int user_main();
int user_main()
{
	static std::mutex m;
	static std::recursive_mutex r;
	static std::timed_mutex t;
	static std::condition_variable cv;
	std::unique_lock<std::mutex> l(m);
	cv.wait_for(l, std::chrono::milliseconds(1));
	std::lock_guard<std::recursive_mutex> g(r);
	if (t.try_lock_for(std::chrono::milliseconds(1)))
		t.unlock();
#if __cplusplus >= 201402L
	static std::shared_timed_mutex s;
	std::shared_lock<std::shared_timed_mutex> sl(s);
#endif
	return 0;
}
CC
# $1 object: it refers to liblockdep_pthread_mutex_lock, and to no routed name itself
# (printed if it does).
routed() {
	nm "$1" > "$1.nm"
	grep -q ' U liblockdep_pthread_mutex_lock$' "$1.nm" || return 1
	! grep -E " U ($(echo $names | tr ' ' '|'))\$" "$1.nm"
}
# $1 compiler, $2 source, $3 standard, $4 flags; built forced-in and included after.
build_routed() {
	for order in "-include liblockdep.h" -DAFTER; do
		$1 -O2 -std=$3 $4 -DLIBLOCKDEP -I. $order -c "$2" -o "$out/r.o"
		routed "$out/r.o" || { echo "$1 -std=$3 $order $(basename "$2")"; exit 1; }
		builds=$((builds + 1))
	done
}
# The first of these standard names that compiler $1 knows (c++23 was c++2b).
known_std() {
	compiler=$1 lang=$2
	shift 2
	for std in "$@"; do
		echo 'int x;' | $compiler -std=$std -x $lang -c - -o /dev/null 2> /dev/null && { echo $std; return; }
	done
	echo "$compiler knows none of $*" >&2
}
for cc in gcc clang; do
	for std in c99 c11 c17 "$(known_std $cc c c23 c2x)" "$(known_std $cc c gnu23 gnu2x)"; do
		build_routed $cc "$out/every.c" $std "$strict"
		nm "$out/r.o" | grep -q ' U liblockdep_signal$'
	done
done
for cxx in g++ clang++; do
	for std in c++11 c++17 c++20 "$(known_std $cxx c++ c++23 c++2b)"; do
		build_routed $cxx "$out/every.cc" $std "$strict_cxx"
		for opt in $opts; do
			for order in "-include liblockdep.h" -DAFTER; do
				$cxx $opt -std=$std $strict_cxx -DLIBLOCKDEP -I. $order -c "$out/std.cc" -o "$out/s.o"
				routed "$out/s.o" || { echo "$cxx $opt -std=$std $order std.cc"; exit 1; }
				builds=$((builds + 1))
			done
		done
	done
done

# libstdc++ before glibc 2.34 calls pthread through weak references to the real names,
# which no renaming reaches: rebuild std.cc with that os_defines.h (its "no weak
# references" line dropped). Forced in first, the header turns them off; included after
# them, it stops the build rather than check nothing.
defines=$(echo '#include <mutex>' | g++ -x c++ -H -E - 2>&1 > /dev/null | sed -n 's/^\.* \(.*bits\/os_defines.h\)$/\1/p')
if grep -q '^# *define _GLIBCXX_GTHREAD_USE_WEAK 0' "$defines"; then
	mkdir "$out/weak" "$out/weak/bits"
	sed '/define _GLIBCXX_GTHREAD_USE_WEAK 0/d' "$defines" > "$out/weak/bits/os_defines.h"
	for cxx in g++ clang++; do
		$cxx -O2 -I"$out/weak" -c "$out/std.cc" -o "$out/s.o"
		nm "$out/s.o" | grep -q ' w pthread_mutex_lock$' || { echo "no weak references to test"; exit 1; }
		$cxx -O2 $strict_cxx -DLIBLOCKDEP -I"$out/weak" -I. -include liblockdep.h -c "$out/std.cc" -o "$out/s.o"
		routed "$out/s.o" || { echo "$cxx: weak references escaped routing"; exit 1; }
		! $cxx -DLIBLOCKDEP -I"$out/weak" -I. -DAFTER -c "$out/std.cc" -o "$out/s.o" 2> "$out/err" ||
			{ echo "$cxx: included after weak references, the build went on"; exit 1; }
		grep -q 'include it before any C++ standard header' "$out/err"
		builds=$((builds + 2))
	done
fi

# A compiler with no renaming pragma cannot be routed: the build stops, and says why.
for cc in gcc clang; do
	! $cc -U__PRAGMA_REDEFINE_EXTNAME -DLIBLOCKDEP -include liblockdep.h -c "$out/user.c" -o "$out/u.o" 2> "$out/err" ||
		{ echo "$cc: without the pragma the build went on"; exit 1; }
	grep -q 'needs #pragma redefine_extname' "$out/err"
done
echo "$builds warning-free builds"
