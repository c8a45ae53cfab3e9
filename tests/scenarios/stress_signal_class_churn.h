/*
 * Correct, under a signal storm, for STRESS_SECONDS (default 2): worker threads
 * allocate and free in a loop (past glibc's per-thread cache, so malloc takes its
 * arena lock) and now and then initialise, nest and destroy mutexes of their own;
 * a signaller sends SIGUSR1 to each of them by turn and an interval timer sends
 * SIGALRM to the process. Each handler (SA_RESTART) initialises mutexes it never
 * used on its own stack and in static storage (new lock classes, and with
 * LIBLOCKDEP_CLASSES=instance a new class per lock), nests them three deep and
 * destroys them; it also destroys a mutex its thread initialised and initialises one
 * its thread destroys later. A handler may interrupt its thread anywhere: in
 * malloc, in a wrapper, in a class's creation or zapping. No report, no crash, no
 * hang. stress_signal_class_churn runs it with one class per site (the default),
 * stress_signal_class_churn_instance with a class per lock.
 */
#include "scenario.h"
#include <sched.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#define WORKERS 4

/* A mutex passed between a thread and its handlers: who may touch it next. */
enum handoff_state { HANDOFF_EMPTY, HANDOFF_BUSY, HANDOFF_FROM_THREAD, HANDOFF_FROM_HANDLER };

/* On the heap: a static lock initialised at two sites could be keyed by its address,
 * one class used in both contexts. */
struct handoff {
	pthread_mutex_t lock;
	int state;
};

struct worker {
	pthread_t thread;
	struct handoff *handoff;
	pthread_mutex_t *statics;	/* the handler's, in static storage */
	unsigned long handled;
};

static struct worker workers[WORKERS];
static pthread_mutex_t handler_statics[WORKERS][3];
static __thread struct worker *self;
static volatile int stop;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Claims the handoff mutex in state @from; atomic against this thread's handlers. */
static int handoff_take(struct handoff *h, int from)
{
	return __atomic_compare_exchange_n(&h->state, &from, HANDOFF_BUSY, 0,
					   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

static void handoff_put(struct handoff *h, int to)
{
	__atomic_store_n(&h->state, to, __ATOMIC_SEQ_CST);
}

/*
 * Initialises three mutexes, nests them in that order, destroys them. A macro: the
 * handler's locks and the thread's are initialised at sites of their own, so they
 * are classes of their own (one class taken both in a handler and with the signal
 * deliverable would be a real report).
 */
#define CHURN(m)							\
	do {								\
		for (int i = 0; i < 3; i++)				\
			pthread_mutex_init(&(m)[i], NULL);		\
		for (int i = 0; i < 3; i++)				\
			pthread_mutex_lock(&(m)[i]);			\
		for (int i = 3; i-- > 0;)				\
			pthread_mutex_unlock(&(m)[i]);			\
		for (int i = 0; i < 3; i++)				\
			pthread_mutex_destroy(&(m)[i]);			\
	} while (0)

/* Locks and destroys the handoff mutex, which another side initialised. */
static void handoff_finish(struct handoff *h)
{
	pthread_mutex_lock(&h->lock);
	pthread_mutex_unlock(&h->lock);
	pthread_mutex_destroy(&h->lock);
	handoff_put(h, HANDOFF_EMPTY);
}

static void on_signal(int sig)
{
	struct worker *w = self;
	pthread_mutex_t own[3];

	(void)sig;
	if (!w)		/* SIGALRM on a thread that is not a worker */
		return;
	w->handled++;
	CHURN(own);
	CHURN(w->statics);
	if (handoff_take(w->handoff, HANDOFF_FROM_THREAD)) {
		handoff_finish(w->handoff);
	} else if (handoff_take(w->handoff, HANDOFF_EMPTY)) {
		pthread_mutex_init(&w->handoff->lock, NULL);
		handoff_put(w->handoff, HANDOFF_FROM_HANDLER);
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;
	pthread_mutex_t own[3];

	self = w;
	for (unsigned long i = 0; !stop; i++) {
		char *p = malloc(2048 + (i % 64) * 512);

		if (!p)
			exit(2);
		memset(p, (int)i, 64);
		free(p);
		if (i % 16 == 0)
			CHURN(own);
		if (handoff_take(w->handoff, HANDOFF_FROM_HANDLER)) {
			handoff_finish(w->handoff);
		} else if (handoff_take(w->handoff, HANDOFF_EMPTY)) {
			pthread_mutex_init(&w->handoff->lock, NULL);
			handoff_put(w->handoff, HANDOFF_FROM_THREAD);
		}
	}
	return NULL;
}

static void *signaller(void *arg)
{
	double deadline = *(double *)arg;

	for (unsigned int i = 0; now() < deadline; i++) {
		pthread_kill(workers[i % WORKERS].thread, SIGUSR1);
		if (i % 4 == 0)
			sched_yield();
	}
	stop = 1;
	return NULL;
}

int main(void)
{
	const char *env = getenv("STRESS_SECONDS");
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESTART };
	struct itimerval tick = { { 0, 200 }, { 0, 200 } }, off = { { 0, 0 }, { 0, 0 } };
	double deadline = now() + (env ? atof(env) : 2);
	unsigned long handled = 0;
	pthread_t s;

	/* Each handler blocks the other: they share the thread's static mutexes. */
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR1);
	sigaddset(&sa.sa_mask, SIGALRM);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGALRM, &sa, NULL))
		return 2;
	for (int i = 0; i < WORKERS; i++) {
		workers[i].handoff = calloc(1, sizeof(struct handoff));
		workers[i].statics = handler_statics[i];
		if (!workers[i].handoff ||
		    pthread_create(&workers[i].thread, NULL, work, &workers[i]))
			return 2;
	}
	if (setitimer(ITIMER_REAL, &tick, NULL) ||
	    pthread_create(&s, NULL, signaller, &deadline))
		return 2;
	pthread_join(s, NULL);
	setitimer(ITIMER_REAL, &off, NULL);
	for (int i = 0; i < WORKERS; i++) {
		pthread_join(workers[i].thread, NULL);
		handled += workers[i].handled;
	}
	if (handled < 100) {
		fprintf(stderr, "scenario: only %lu handlers ran\n", handled);
		return 2;
	}
	return 0;
}
