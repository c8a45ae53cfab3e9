/*
 * The workloads of the benchmark (bench.sh builds this one source plain, with
 * liblockdep and with TSan, and runs it under Helgrind too):
 *
 *	workloads NAME [DIVISOR]
 *
 * runs workload NAME once and prints "ns_per_op peak_rss_kib". An untimed warm-up
 * goes first, so one-time costs (a new class, a new chain, a table growing) stay
 * off the clock, except in "classes", whose point is those costs. DIVISOR divides
 * the iterations, for Helgrind. bench.sh runs each case several times, in fresh
 * processes, and takes the median.
 *
 *	workloads walk NODES WALKS
 *
 * walks a list by lock coupling, untimed, for bench.sh's instruction counts.
 *
 *	workloads chains CLASSES FROM TO
 *
 * takes the walks of "classes" among CLASSES classes, in the main thread, up to the
 * TO-th new chain, and prints ns per chain of those from the FROM-th on (each new):
 * tests/bench/callgrind_rows.sh counts their instructions and times them.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_THREADS	4
#define NR_CLASSES	5000
#define NR_CHAINS	50000
#define QUEUE_LEN	64
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* Each thread's own lock, padded: no two threads share a cache line. */
struct worker {
	pthread_mutex_t own;
	long id;
	long iters;
	void *(*loop)(struct worker *);
	double start, end;
	char pad[128];
};

static struct worker workers[MAX_THREADS];
static pthread_barrier_t start_line;
static int nr_classes = NR_CLASSES;	/* of many[], fewer when scaled down */

/* Each statically initialised lock is a class of its own: these are distinct. */
static pthread_mutex_t nest_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t nest_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t nest_c = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t table_lock = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t pool[4] = { [0 ... 3] = PTHREAD_MUTEX_INITIALIZER };
static pthread_mutex_t many[NR_CLASSES] = {
	[0 ... NR_CLASSES - 1] = PTHREAD_MUTEX_INITIALIZER
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t nonempty, nonfull;
	long head, tail;
	long slot[QUEUE_LEN];
} queue = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.nonempty = PTHREAD_COND_INITIALIZER,
	.nonfull = PTHREAD_COND_INITIALIZER,
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *own_lock(struct worker *w)
{
	for (long i = 0; i < w->iters; i++) {
		pthread_mutex_lock(&w->own);
		pthread_mutex_unlock(&w->own);
	}
	return NULL;
}

static void *nested(struct worker *w)
{
	for (long i = 0; i < w->iters; i++) {
		pthread_mutex_lock(&nest_a);
		pthread_mutex_lock(&nest_b);
		pthread_mutex_lock(&nest_c);
		pthread_mutex_unlock(&nest_c);
		pthread_mutex_unlock(&nest_b);
		pthread_mutex_unlock(&nest_a);
	}
	return NULL;
}

/* One write in 16: the readers' path is what a read-mostly table pays for. */
static void *read_mostly(struct worker *w)
{
	for (long i = 0; i < w->iters; i++) {
		if (i % 16)
			pthread_rwlock_rdlock(&table_lock);
		else
			pthread_rwlock_wrlock(&table_lock);
		pthread_rwlock_unlock(&table_lock);
	}
	return NULL;
}

/* Neighbouring locks of the pool, lower index first: contended, never inverted. */
static void *shared_pool(struct worker *w)
{
	for (long i = 0; i < w->iters; i++) {
		long k = (w->id + i) % 3;

		pthread_mutex_lock(&pool[k]);
		pthread_mutex_lock(&pool[k + 1]);
		pthread_mutex_unlock(&pool[k + 1]);
		pthread_mutex_unlock(&pool[k]);
	}
	return NULL;
}

/*
 * Walks of 1 to 4 locks of many[], each step 1 or 2 classes up (so the order is
 * global and nothing is reported). The set of walks contains each walk's prefixes,
 * so each new walk ends in exactly one new chain; steps of 1 and 2 keep the edges
 * under 2 * NR_CLASSES, well inside lockdep's dependency table.
 */
static const char chain_steps[][3] = {
	{ 0 }, { 1 }, { 2 }, { 1, 1 }, { 1, 2 }, { 2, 1 }, { 2, 2 },
	{ 1, 1, 1 }, { 1, 1, 2 }, { 2, 1, 1 }, { 2, 2, 2 },
};

/* The classes of the walk from many[first] by steps in held[]: how many, 0 if it
 * leaves many[]. */
static int walk_classes(int first, const char *steps, int *held)
{
	int n = 0;

	held[n++] = first;
	for (int s = 0; s < 3 && steps[s]; s++, n++) {
		held[n] = held[n - 1] + steps[s];
		if (held[n] >= nr_classes)
			return 0;
	}
	return n;
}

/* Walks shortest first, all starts of one shape before the next: every class is
 * registered by the first shape, and every prefix exists before its extensions.
 * Takes the walks from the from-th (0 the first) to before the to-th; returns how
 * many walks there are before the to-th. */
static long walk_chains(long from, long to)
{
	long chains = 0;
	int held[4], n;

	for (size_t p = 0; p < ARRAY_SIZE(chain_steps); p++)
		for (int first = 0; first < nr_classes; first++) {
			if (chains == to)
				return chains;
			n = walk_classes(first, chain_steps[p], held);
			if (!n || chains++ < from)
				continue;
			for (int i = 0; i < n; i++)
				pthread_mutex_lock(&many[held[i]]);
			while (n--)
				pthread_mutex_unlock(&many[held[n]]);
		}
	return chains;
}

static void *many_classes(struct worker *w)
{
	long chains = walk_chains(0, w->iters);

	if (chains < w->iters) {
		fprintf(stderr, "workloads: only %ld chains\n", chains);
		exit(1);
	}
	return NULL;
}

/* Worker 0 produces, worker 1 consumes, through a bounded queue. */
static void *pipeline(struct worker *w)
{
	for (long i = 0; i < w->iters; i++) {
		pthread_mutex_lock(&queue.lock);
		if (w->id == 0) {
			while (queue.head - queue.tail == QUEUE_LEN)
				pthread_cond_wait(&queue.nonfull, &queue.lock);
			queue.slot[queue.head++ % QUEUE_LEN] = i;
			pthread_cond_signal(&queue.nonempty);
		} else {
			while (queue.head == queue.tail)
				pthread_cond_wait(&queue.nonempty, &queue.lock);
			queue.tail++;
			pthread_cond_signal(&queue.nonfull);
		}
		pthread_mutex_unlock(&queue.lock);
	}
	return NULL;
}

/*
 * free() of blocks allocated beforehand (off the clock: the loop starts its own),
 * each holding no lock, or a mutex that was used and never destroyed, as a C
 * program frees a struct: what liblockdep adds to free() (src/freed_memory.c).
 */
static void free_blocks(struct worker *w, int with_lock)
{
	pthread_mutex_t **blocks = malloc(w->iters * sizeof(*blocks));

	for (long i = 0; blocks && i < w->iters; i++) {
		blocks[i] = malloc(sizeof(**blocks) + 8);
		if (!blocks[i])
			exit(1);
		if (with_lock) {
			pthread_mutex_init(blocks[i], NULL);
			pthread_mutex_lock(blocks[i]);
			pthread_mutex_unlock(blocks[i]);
		}
	}
	if (!blocks)
		exit(1);
	w->start = now();
	for (long i = 0; i < w->iters; i++)
		free(blocks[i]);
	free(blocks);
}

static void *free_no_lock(struct worker *w)
{
	free_blocks(w, 0);
	return NULL;
}

static void *free_one_lock(struct worker *w)
{
	free_blocks(w, 1);
	return NULL;
}

/* An operation is one lock/unlock pair, except in "classes" (one new lock chain),
 * "condvar" (one item through the queue) and "free0"/"free1" (one free()). */
static const struct workload {
	const char *name;
	void *(*loop)(struct worker *);
	int threads;
	long iters;		/* per thread */
	int ops;		/* operations per iteration, all threads together */
} workloads[] = {
	{ "mutex",	own_lock,	1, 2000000, 1 },
	{ "nested3",	nested,		1,  500000, 3 },
	{ "rwlock",	read_mostly,	1, 2000000, 1 },
	{ "own2",	own_lock,	2, 10000000, 2 },
	{ "own4",	own_lock,	4, 5000000, 4 },
	{ "pool4",	shared_pool,	4,  125000, 8 },
	{ "classes",	many_classes,	1, NR_CHAINS, 1 },
	{ "condvar",	pipeline,	2,  200000, 1 },
	{ "free0",	free_no_lock,	1,  200000, 1 },
	{ "free1",	free_one_lock,	1,  200000, 1 },
};

/* One node of a list walked by lock coupling; every node's mutex is made by one call
 * (one class), so each step nests two locks of one class (src/instance_nesting.c). */
struct node {
	pthread_mutex_t lock;
	struct node *next;
};

static __attribute__((noinline)) struct node *node_new(struct node *next)
{
	struct node *n = malloc(sizeof(*n));

	pthread_mutex_init(&n->lock, NULL);
	n->next = next;
	return n;
}

/*
 * "walk NODES WALKS": a list of NODES nodes, each pushed at its front (so walked
 * against the order its locks were made in), walked WALKS times holding the next
 * node's lock before releasing the one before. Untimed: bench.sh counts its
 * instructions with callgrind, and the difference of two runs is the cost of the
 * walks' steps, which must not grow with the list.
 */
static int walk_list(long nodes, long walks)
{
	struct node *head = NULL;

	for (long i = 0; i < nodes; i++)
		head = node_new(head);
	for (long w = 0; w < walks; w++) {
		struct node *n = head;

		pthread_mutex_lock(&n->lock);
		for (; n->next; n = n->next) {
			pthread_mutex_lock(&n->next->lock);
			pthread_mutex_unlock(&n->lock);
		}
		pthread_mutex_unlock(&n->lock);
	}
	return 0;
}

/* "chains CLASSES FROM TO": the FROM-th to TO-th new chains, timed. */
static int chains_window(int classes, long from, long to)
{
	double start;

	if (classes < 1 || classes > NR_CLASSES || from < 0 || to <= from) {
		fprintf(stderr, "usage: workloads chains CLASSES FROM TO (CLASSES <= %d, FROM < TO)\n",
			NR_CLASSES);
		return 2;
	}
	nr_classes = classes;
	walk_chains(0, from);
	start = now();
	if (walk_chains(from, to) < to) {
		fprintf(stderr, "workloads: fewer than %ld chains among %d classes\n", to, classes);
		return 1;
	}
	printf("%.2f\n", (now() - start) * 1e9 / (to - from));
	return 0;
}

/* Threads are created off the clock and released together. Each one times itself:
 * the main thread may wake from the barrier after the workers are done. */
static void *thread_start(void *arg)
{
	struct worker *w = arg;

	pthread_barrier_wait(&start_line);
	w->start = now();
	w->loop(w);
	w->end = now();
	return NULL;
}

/* Seconds from the first thread's start to the last one's end. */
static double run(const struct workload *wl, long iters)
{
	pthread_t t[MAX_THREADS];
	double start = 1e300, end = 0;

	pthread_barrier_init(&start_line, NULL, wl->threads);
	for (int i = 0; i < wl->threads; i++) {
		workers[i].iters = iters;
		workers[i].loop = wl->loop;
		pthread_create(&t[i], NULL, thread_start, &workers[i]);
	}
	for (int i = 0; i < wl->threads; i++) {
		pthread_join(t[i], NULL);
		if (workers[i].start < start)
			start = workers[i].start;
		if (workers[i].end > end)
			end = workers[i].end;
	}
	pthread_barrier_destroy(&start_line);
	return end - start;
}

/* Peak resident set, from the kernel: no dependency on /usr/bin/time. */
static long peak_rss_kib(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	long kib = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmHWM: %ld", &kib) == 1)
			break;
	if (f)
		fclose(f);
	return kib;
}

int main(int argc, char **argv)
{
	static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
	const struct workload *wl = NULL;
	long divisor = argc > 2 ? atol(argv[2]) : 1;
	long iters;
	double secs;

	if (argc == 4 && !strcmp(argv[1], "walk"))
		return walk_list(atol(argv[2]), atol(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "chains"))
		return chains_window(atoi(argv[2]), atol(argv[3]), atol(argv[4]));
	for (size_t i = 0; argc > 1 && i < ARRAY_SIZE(workloads); i++)
		if (!strcmp(argv[1], workloads[i].name))
			wl = &workloads[i];
	if (!wl || divisor < 1) {
		fprintf(stderr, "usage: workloads NAME [DIVISOR] | walk NODES WALKS; NAME is one of:");
		for (size_t i = 0; i < ARRAY_SIZE(workloads); i++)
			fprintf(stderr, " %s", workloads[i].name);
		fputc('\n', stderr);
		return 2;
	}
	/* A checker's one-time set-up (reading symbol tables, say) is not measured. */
	pthread_mutex_lock(&first_lock);
	pthread_mutex_unlock(&first_lock);
	for (int i = 0; i < MAX_THREADS; i++) {
		workers[i].id = i;
		pthread_mutex_init(&workers[i].own, NULL);
	}
	/* "classes" measures the cold path: no warm-up. Scaled down, it keeps its
	 * shape, ten chains per class. */
	iters = wl->iters / divisor;
	if (wl->loop == many_classes)
		nr_classes = NR_CLASSES / divisor;
	else
		run(wl, iters / 10 + 1);
	secs = run(wl, iters);
	printf("%.2f %ld\n", secs * 1e9 / (iters * wl->ops), peak_rss_kib());
	return 0;
}
