# liblockdep.c and a user file that force-includes liblockdep.h build with zero
# warnings under gcc and clang, -O0 and -O2, gnu11 and gnu17, checking on and off and
# in the preload flavour, with strict user flags (and a strict POSIX feature macro);
# liblockdep.c also builds with its own header force-included; the header works from
# C++; and the user file may include it before or after <pthread.h>.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
strict="-Wall -Wextra -Werror -pedantic -Wmissing-prototypes -Wmissing-declarations -Wredundant-decls -Wshadow"
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
	for opt in -O0 -O2; do
		for std in gnu11 gnu17; do
			for mode in -DLIBLOCKDEP -ULIBLOCKDEP "-DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -fPIC"; do
				flags="$opt -std=$std $strict $mode"
				$cc $flags -c liblockdep.c -o "$out/l.o"
				$cc $flags -include liblockdep.h -c liblockdep.c -o "$out/l.o"
				$cc $flags -include liblockdep.h -c "$out/user.c" -o "$out/u.o"
				$cc $flags -include liblockdep.h -c "$out/posix.c" -o "$out/p.o"
				$cc $flags -I. -c "$out/after.c" -o "$out/a.o"
				builds=$((builds + 5))
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
echo "$builds warning-free builds"
