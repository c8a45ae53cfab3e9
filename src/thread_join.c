/*
 * Joins validated as locks: the kernel's flush_work() pattern, applied to threads. A
 * thread created joinable holds a map of its own for its lifetime, from its start
 * routine's first instruction to its return, pthread_exit() or cancellation, and
 * pthread_join() acquires and releases that map before it waits. So "hold L, join
 * T, while T needs L" is lockdep's circular locking dependency, reported before the
 * join hangs; a join while holding nothing T needs is silent.
 *
 * The join's acquisition is made only with LIBLOCKDEP_JOINS=1. Correct programs join,
 * holding L, a thread whose last use of L is to say under L that it is done (pigz's
 * join_all(), knot's dt_join()); from lock events alone that is the lucky run of a
 * real "hold L, join T" deadlock, so the model reports it. The kernel removed its
 * own model of waits as locks (lockdep's crossrelease) for the same false reports.
 * The thread's map is held in any case: held-lock lists and LIBLOCKDEP_HANG name
 * the thread a join waits for.
 *
 * A thread created detached is left alone: nobody can wait for it. A thread joining
 * itself is glibc's EDEADLK, not a hang, and is not modelled; nor is a join by a
 * thread whose own map is of the joined thread's class (a thread of a pool joining
 * its sibling), which lockdep would take for recursive locking. The map is
 * released before the thread's exit-time checks, so it is never a lock "still held"
 * at exit. Each record lives from pthread_create() until both the thread has ended
 * and it was joined or detached (refs), and is reused after that.
 */
LIBLOCKDEP_WRAPPER(int, pthread_create, (pthread_t *t, const pthread_attr_t *attr, void *(*start)(void *), void *arg))
LIBLOCKDEP_WRAPPER(int, pthread_join, (pthread_t t, void **result))
LIBLOCKDEP_WRAPPER(int, pthread_tryjoin_np, (pthread_t t, void **result))
LIBLOCKDEP_WRAPPER(int, pthread_timedjoin_np, (pthread_t t, void **result, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_clockjoin_np, (pthread_t t, void **result, clockid_t clock, const struct timespec *abstime))
LIBLOCKDEP_WRAPPER(int, pthread_detach, (pthread_t t))
LIBLOCKDEP_WRAPPER(int, thrd_create, (thrd_t *t, thrd_start_t start, void *arg))
LIBLOCKDEP_WRAPPER(int, thrd_join, (thrd_t t, int *result))
LIBLOCKDEP_WRAPPER(int, thrd_detach, (thrd_t t))

struct thread_life {
	struct liblockdep_map map;	/* held by the thread while it runs */
	union {
		void *(*posix)(void *);
		int (*c11)(void *);
	} start;
	void *arg;
	unsigned long at;		/* where its map is held (thread_life_begin()) */
	pthread_t thread;
	int refs;			/* the thread's, and its handle's until joined or detached */
	struct thread_life *next;	/* in its hash chain, or free */
};

#define THREAD_LIVES_BITS	8
static struct thread_life *thread_lives[1 << THREAD_LIVES_BITS];
static struct thread_life *free_thread_lives;
static unsigned long thread_lives_listed;
static pthread_mutex_t thread_lives_mutex = PTHREAD_MUTEX_INITIALIZER;

static struct thread_life **thread_life_chain(pthread_t t)
{
	return &thread_lives[hash_long((unsigned long)t, THREAD_LIVES_BITS)];
}

/*
 * Whether a thread's start routine is the routine of the helper that created it
 * (ip's), skipped to a creating call outside it: std::thread's
 * execute_native_thread_routine, in libstdc++ as the helper is, the same for every
 * std::thread and without a name in Debian's library ("libstdc++.so.6+0xd4490").
 */
static bool thread_start_is_helpers(unsigned long start, unsigned long ip,
				    const struct lock_site *created)
{
	struct loaded_object obj;

	return loaded_object_of(ip, &obj) && start - obj.start < obj.end - obj.start &&
	       created->ips[0] - obj.start >= obj.end - obj.start;
}

/*
 * A thread's class: its start routine and where it was created, as one site named
 * "thread@worker+0x0<spawn+0x2a". Either alone would make one class of unrelated
 * threads (a helper that starts every thread, std::thread's one routine), and a join
 * of one would seem to wait for whatever another took. A helper's own routine tells
 * nothing: such a thread is its creating call's, "thread@main()", and its map is held
 * there.
 */
static struct thread_life *thread_life_new(unsigned long start, unsigned long ip)
{
	struct lock_site *created, *site;
	struct thread_life *life;
	bool helpers;

	/* Entered first: the site's stack starts at ip, so that a helper that creates
	 * threads (libstdc++'s, libuv's) is seen and skipped to its caller. */
	if (!liblockdep_enter(ip))
		return NULL;
	created = lock_site_at(ip, "thread", NULL, 0, false);
	if (!created)
		return NULL;
	helpers = thread_start_is_helpers(start, ip, created);
	site = helpers ? created : lock_site_of((unsigned long[LOCK_SITE_FRAMES]){
			start, created->ips[0] }, "thread", NULL, 0, created);
	if (!site)
		return NULL;
	internal_lock(&thread_lives_mutex);
	life = free_thread_lives;
	if (life)
		free_thread_lives = life->next;
	internal_unlock(&thread_lives_mutex);
	if (!life && !(life = liblockdep_alloc(sizeof(*life))))
		return NULL;
	life->refs = 2;
	life->at = helpers ? created->ips[0] : start;
	lock_map_setup(&life->map, site->name, (struct liblockdep_key *)&site->key, ip);
	return life;
}

static void thread_life_put(struct thread_life *life)
{
	if (__atomic_sub_fetch(&life->refs, 1, __ATOMIC_ACQ_REL))
		return;
	lock_entry_forget(&life->map);
	internal_lock(&thread_lives_mutex);
	life->next = free_thread_lives;
	free_thread_lives = life;
	internal_unlock(&thread_lives_mutex);
}

/* pthread_create() returned: the record is found by the thread's handle from now on. */
static void thread_life_started(struct thread_life *life, int ret, pthread_t t)
{
	struct thread_life **chain = thread_life_chain(t);

	if (ret) {
		thread_life_put(life);	/* no thread */
		thread_life_put(life);	/* no handle */
		return;
	}
	life->thread = t;
	internal_lock(&thread_lives_mutex);
	life->next = *chain;
	*chain = life;
	thread_lives_listed++;
	internal_unlock(&thread_lives_mutex);
}

/* The record of a joinable thread, taken off the list with unlist (joined, detached). */
static struct thread_life *thread_life_find(pthread_t t, bool unlist)
{
	struct thread_life **link, *life = NULL;

	if (!__atomic_load_n(&thread_lives_listed, __ATOMIC_RELAXED))
		return NULL;
	internal_lock(&thread_lives_mutex);
	for (link = thread_life_chain(t); (life = *link); link = &life->next) {
		if (pthread_equal(life->thread, t)) {
			if (unlist) {
				*link = life->next;
				thread_lives_listed--;
			}
			break;
		}
	}
	internal_unlock(&thread_lives_mutex);
	return life;
}

static void semaphores_left_at_end(struct task_struct *task, unsigned long ip);

static void thread_life_end(void *arg)
{
	struct thread_life *life = arg;

	if (current->lockdep_depth && liblockdep_check_now() && liblockdep_enter(_THIS_IP_))
		semaphores_left_at_end(current, _THIS_IP_);
	liblockdep_map_release(&life->map);
	thread_life_put(life);
}

/* The thread's map is acquired "at" its start routine, the user's function its class
 * is named after (or the creating call, for a helper's routine): the frame that
 * acquires it is ours, which no report shows. */
static void thread_life_begin(struct thread_life *life)
{
	map_acquire(&life->map, 0, 0, 0, "liblockdep_map_acquire", life->at);
}

static void *thread_life_run(void *arg)
{
	struct thread_life *life = arg;
	void *ret;

	thread_life_begin(life);
	pthread_cleanup_push(thread_life_end, life);
	ret = life->start.posix(life->arg);
	pthread_cleanup_pop(1);
	return ret;
}

static int thread_life_run_c11(void *arg)
{
	struct thread_life *life = arg;
	int ret;

	thread_life_begin(life);
	pthread_cleanup_push(thread_life_end, life);
	ret = life->start.c11(life->arg);
	pthread_cleanup_pop(1);
	return ret;
}

static bool created_detached(const pthread_attr_t *attr)
{
	int state;

	return attr && !pthread_attr_getdetachstate(attr, &state) &&
	       state == PTHREAD_CREATE_DETACHED;
}

/* Whether this thread holds a lock of the class of e (its own map, a pool's sibling). */
static bool class_held(const struct lock_entry *e)
{
	struct task_struct *task = current;

	for (int i = 0; i < task->lockdep_depth; i++) {
		const struct lock_entry *held = container_of(task->held_locks[i].instance,
							     struct lock_entry, map);

		if (held->map.key == e->map.key)
			return true;
	}
	return false;
}

/* Before waiting for the thread: the kernel's lock_map_acquire(); lock_map_release(). */
static void thread_join_validate(struct thread_life *life, unsigned long ip)
{
	struct lock_entry *e;

	if (!settings.joins || !life || !liblockdep_check_now() ||
	    pthread_equal(life->thread, pthread_self()) ||
	    !(e = lock_entry_of(&life->map, LOCK_KIND_MAP, 2, ip)) || class_held(e))
		return;
	lock_acquire_checked(e, 0, 0, 0, ip);
	liblockdep_release(e, ip);
}

/* The thread was joined (or detached): its record goes once the thread has ended. */
static void thread_life_joined(struct thread_life *life)
{
	if (life && thread_life_find(life->thread, true) == life)
		thread_life_put(life);
}

enum join_call { JOIN, TIMEDJOIN, CLOCKJOIN };

static int thread_join_checked(pthread_t t, void **result, enum join_call call, clockid_t clock,
			       const struct timespec *abstime, unsigned long ip)
{
	struct thread_life *life = thread_life_find(t, false);
	int ret;

	thread_join_validate(life, ip);
	hang_wait_begin(HANG_WAIT_JOIN, life ? &life->map : NULL);
	if (call == TIMEDJOIN)
		ret = real(pthread_timedjoin_np)(t, result, abstime);
	else if (call == CLOCKJOIN)
		ret = real(pthread_clockjoin_np)(t, result, clock, abstime);
	else
		ret = real(pthread_join)(t, result);
	hang_wait_end();
	if (ret == 0)
		thread_life_joined(life);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_create(pthread_t *t, const pthread_attr_t *attr,
					     void *(*start)(void *), void *arg)
{
	struct thread_life *life;
	int ret;

	if (!liblockdep_check_now() || created_detached(attr) || !(life = thread_life_new((unsigned long)start, _RET_IP_)))
		return real(pthread_create)(t, attr, start, arg);
	life->start.posix = start;
	life->arg = arg;
	ret = real(pthread_create)(t, attr, thread_life_run, life);
	thread_life_started(life, ret, *t);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_join(pthread_t t, void **result)
{
	return thread_join_checked(t, result, JOIN, 0, NULL, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_timedjoin_np(pthread_t t, void **result,
						   const struct timespec *abstime)
{
	return thread_join_checked(t, result, TIMEDJOIN, 0, abstime, _RET_IP_);
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_clockjoin_np(pthread_t t, void **result, clockid_t clock,
						   const struct timespec *abstime)
{
	return thread_join_checked(t, result, CLOCKJOIN, clock, abstime, _RET_IP_);
}

/* It never waits: nothing to validate. */
LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_tryjoin_np(pthread_t t, void **result)
{
	struct thread_life *life = thread_life_find(t, false);
	int ret = real(pthread_tryjoin_np)(t, result);

	if (ret == 0)
		thread_life_joined(life);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_pthread_detach(pthread_t t)
{
	thread_life_joined(thread_life_find(t, false));
	return real(pthread_detach)(t);
}

/* C11 threads are glibc's pthreads, a thrd_t a pthread_t. */
LIBLOCKDEP_WRAPPER_API int liblockdep_thrd_create(thrd_t *t, thrd_start_t start, void *arg)
{
	struct thread_life *life;
	int ret;

	if (!liblockdep_check_now() || !(life = thread_life_new((unsigned long)start, _RET_IP_)))
		return real(thrd_create)(t, start, arg);
	life->start.c11 = start;
	life->arg = arg;
	ret = real(thrd_create)(t, thread_life_run_c11, life);
	thread_life_started(life, ret != thrd_success, *t);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_thrd_join(thrd_t t, int *result)
{
	struct thread_life *life = thread_life_find(t, false);
	int ret;

	thread_join_validate(life, _RET_IP_);
	hang_wait_begin(HANG_WAIT_JOIN, life ? &life->map : NULL);
	ret = real(thrd_join)(t, result);
	hang_wait_end();
	if (ret == thrd_success)
		thread_life_joined(life);
	return ret;
}

LIBLOCKDEP_WRAPPER_API int liblockdep_thrd_detach(thrd_t t)
{
	thread_life_joined(thread_life_find(t, false));
	return real(thrd_detach)(t);
}
