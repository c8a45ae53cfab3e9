/*
 * Our unwinder (src/unwind.c) against glibc's backtrace(), frame by frame, on the
 * stacks tests/checks/unwind_same_as_backtrace.sh builds: through a shared library
 * and back (compare_lib.c), through C++ code with exceptions and destructors
 * (compare.cc), in a created thread, deeper than a trace holds, and in a signal
 * handler, where ours cannot follow the kernel's signal frame and must give way to
 * backtrace(). Then frames that lie: walks from stack words made up at random must
 * end without a fault. Prints what it compared; exits 1 at the first difference.
 */
#include "liblockdep.c"

#include <signal.h>

/* liblockdep.c hides what follows it: these are the other files'. */
#define VISIBLE __attribute__((__visibility__("default")))
VISIBLE void lib_call_back(void (*fn)(int), int depth);
VISIBLE void cxx_paths(void);
VISIBLE void compare_here(const char *what);

static unsigned int walked, gave_way;

static void fail(const char *what, const char *why, int i, void *ours, void *theirs)
{
	printf("%s: %s at frame %d: ours %p, backtrace() %p\n", what, why, i, ours, theirs);
	exit(1);
}

/* The first frame is the return address into this function from either call: both
 * lie in it, a few bytes apart; every other frame must be the same. */
static void compare_frames(const char *what, void **ours, int n, void **theirs, int m)
{
	if (n != m)
		fail(what, "frame counts differ", n < m ? n : m, NULL, NULL);
	for (int i = 1; i < n; i++)
		if (ours[i] != theirs[i])
			fail(what, "frames differ", i, ours[i], theirs[i]);
	if (n && ((unsigned long)ours[0] - (unsigned long)compare_here > 4096 ||
		  (unsigned long)theirs[0] - (unsigned long)compare_here > 4096))
		fail(what, "first frames outside compare_here()", 0, ours[0], theirs[0]);
}

static volatile sig_atomic_t in_handler;

/* Traces of 64, 5 and 1 frames: our walk alone (which must follow every frame but
 * in a signal handler), then stack_trace's use of it, falling back to backtrace(). */
noinline void compare_here(const char *what)
{
	static const int sizes[] = { 64, 5, 1 };
	void *ours[64], *theirs[64], *either[64];

	for (unsigned int s = 0; s < ARRAY_SIZE(sizes); s++) {
		int size = sizes[s], m = backtrace(theirs, size), k;
		bool whole;
		int n = (int)unwind_frames((unsigned long *)ours, NULL, size, &whole);

		if (whole)
			compare_frames(what, ours, n, theirs, m);
		else if (!in_handler)
			fail(what, "our walk stopped", n, n ? ours[n - 1] : NULL, NULL);
		k = unwind_backtrace(either, size);
		compare_frames(what, either, k, theirs, m);
		if (whole)
			walked++;
		else
			gave_way++;
	}
}

static void nested(int depth)
{
	if (depth > 0)
		lib_call_back(nested, depth - 1);
	else
		compare_here("through the library");
	__asm__ volatile("" ::: "memory");	/* no tail call */
}

static noinline void deep(int depth)
{
	if (depth)
		deep(depth - 1);
	else
		compare_here("80 frames deep");
	__asm__ volatile("" ::: "memory");
}

static void on_signal(int sig)
{
	(void)sig;
	in_handler = 1;
	compare_here("in a signal handler");
	in_handler = 0;
}

static void *thread_start(void *arg)
{
	(void)arg;
	nested(3);
	cxx_paths();
	return NULL;
}

/* Walks from made-up stacks: words at random, some of them code addresses of this
 * program and of the library, some addresses in the buffer itself; the frame pointer
 * too. None may fault. */
static noinline void lying_frames(void)
{
	unsigned long words[1024], ips[64];
	unsigned long code[] = { (unsigned long)compare_here, (unsigned long)nested,
				 (unsigned long)lib_call_back, (unsigned long)printf };
	unsigned int seed = 12345, follows = 0;
	bool whole;

	for (int round = 0; round < 20000; round++) {
		for (unsigned int i = 0; i < ARRAY_SIZE(words); i++) {
			unsigned int r = rand_r(&seed);

			words[i] = r % 3 == 0 ? code[r % ARRAY_SIZE(code)] + r % 512 :
				   r % 3 == 1 ? (unsigned long)&words[r % ARRAY_SIZE(words)] :
				   ((unsigned long)rand_r(&seed) << 32) ^ r;
		}
		unsigned int r = rand_r(&seed);
		unsigned int n = unwind_from(code[r % ARRAY_SIZE(code)] + r % 256,
					     (unsigned long)&words[r % 64], words[r % 1024],
					     ips, NULL, ARRAY_SIZE(ips), &whole);

		follows += n > 1;
	}
	printf("lying frames: 20000 walks from made-up stacks, %u followed a frame or more\n",
	       follows);
}

int main(void)
{
	pthread_t t;
	struct sigaction sa = { .sa_handler = on_signal };

	nested(3);
	deep(80);
	cxx_paths();
	if (pthread_create(&t, NULL, thread_start, NULL) || pthread_join(t, NULL))
		return 1;
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	lying_frames();
	printf("same as backtrace(): %u traces walked, %u given way (in the handler)\n",
	       walked, gave_way);
	return walked >= 30 && gave_way == 3 ? 0 : 1;
}
