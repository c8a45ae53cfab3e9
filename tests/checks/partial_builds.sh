# A program checked in part: one file built with liblockdep.h, one without (a
# library). A lock whose operations are split between the two is silent, whatever the
# split: taken unchecked and waited on or released checked; taken checked and
# released unchecked, then taken again (no false recursive locking, no false order
# through the released lock, no lock held at thread exit, no held lock destroyed).
# Mutexes, rwlocks (write and read) and spin locks. A real unbalanced unlock is still
# reported, also after the library released the lock. The fast path takes a lock
# over one released unseen without looking (src/fast_path.c): still no lock held
# with a signal deliverable that was not (no false inconsistent lock state), and an
# assertion and a report of freed memory after it see the lock gone.
#
# Environment: CC; LIBLOCKDEP_DIR (where the liblockdep.c/.h under test are).
set -eu
cc=${CC:-cc}
pair=${LIBLOCKDEP_DIR:-.}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/library.c" <<'C'
/* Not checked: built without liblockdep.h. */
#include <pthread.h>

void lib_lock(pthread_mutex_t *m) { pthread_mutex_lock(m); }
void lib_unlock(pthread_mutex_t *m) { pthread_mutex_unlock(m); }
void lib_wrlock(pthread_rwlock_t *rw) { pthread_rwlock_wrlock(rw); }
void lib_rdlock(pthread_rwlock_t *rw) { pthread_rwlock_rdlock(rw); }
void lib_rwunlock(pthread_rwlock_t *rw) { pthread_rwlock_unlock(rw); }
void lib_spin_lock(pthread_spinlock_t *s) { pthread_spin_lock(s); }
void lib_spin_unlock(pthread_spinlock_t *s) { pthread_spin_unlock(s); }

/* Runs fn with the queue locked, as a library calling back into its user. */
void lib_with_locked(pthread_mutex_t *queue, void (*fn)(void))
{
	pthread_mutex_lock(queue);
	fn();
	pthread_mutex_unlock(queue);
}
C
cat > "$out/program.c" <<'C'
/* Checked: built with liblockdep.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void lib_lock(pthread_mutex_t *m);
void lib_unlock(pthread_mutex_t *m);
void lib_wrlock(pthread_rwlock_t *rw);
void lib_rdlock(pthread_rwlock_t *rw);
void lib_rwunlock(pthread_rwlock_t *rw);
void lib_spin_lock(pthread_spinlock_t *s);
void lib_spin_unlock(pthread_spinlock_t *s);
void lib_with_locked(pthread_mutex_t *queue, void (*fn)(void));

static pthread_mutex_t queue = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t lock_b = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t never_locked = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
static pthread_mutex_t unlocked_twice = PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP;
static pthread_cond_t queue_cond = PTHREAD_COND_INITIALIZER;
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_rwlock_t rw_writers = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
static pthread_spinlock_t spin;

static void wait_a_little(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	pthread_cond_timedwait(&queue_cond, &queue, &ts);
	pthread_mutex_lock(&lock_a);	/* a checked lock while the queue is held unseen */
	pthread_mutex_unlock(&lock_a);
}

/* Taken unchecked; waited on and released checked. */
static void unchecked_lock(void)
{
	lib_with_locked(&queue, wait_a_little);
	lib_lock(&queue);
	wait_a_little();
	pthread_mutex_unlock(&queue);
	lib_wrlock(&rw);
	pthread_rwlock_unlock(&rw);
	lib_rdlock(&rw);
	pthread_rwlock_unlock(&rw);
	lib_spin_lock(&spin);
	pthread_spin_unlock(&spin);
}

/* Taken checked, released unchecked, taken again; lock_a's unseen release must not
 * leave a lock_a -> lock_b order behind to meet lock_b -> lock_a. */
static void unchecked_unlock(void)
{
	pthread_mutex_t gone;

	pthread_mutex_init(&gone, NULL);
	pthread_mutex_lock(&gone);
	lib_unlock(&gone);
	pthread_mutex_destroy(&gone);	/* not a held lock destroyed */
	pthread_mutex_lock(&queue);
	lib_unlock(&queue);
	pthread_mutex_lock(&queue);
	pthread_mutex_unlock(&queue);
	pthread_mutex_lock(&lock_a);
	lib_unlock(&lock_a);
	pthread_mutex_lock(&lock_b);
	pthread_mutex_lock(&lock_a);
	pthread_mutex_unlock(&lock_a);
	pthread_mutex_unlock(&lock_b);
	pthread_rwlock_wrlock(&rw);
	lib_rwunlock(&rw);
	pthread_rwlock_wrlock(&rw);
	pthread_rwlock_unlock(&rw);
	pthread_rwlock_rdlock(&rw_writers);
	lib_rwunlock(&rw_writers);
	pthread_rwlock_rdlock(&rw_writers);
	pthread_rwlock_unlock(&rw_writers);
	pthread_spin_lock(&spin);
	lib_spin_unlock(&spin);
	pthread_spin_lock(&spin);
	pthread_spin_unlock(&spin);
}

static pthread_mutex_t in_handler = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t inner = PTHREAD_MUTEX_INITIALIZER;

static void take_in_handler(int sig)
{
	(void)sig;
	pthread_mutex_lock(&in_handler);
	pthread_mutex_unlock(&in_handler);
}

/* The handler's lock is taken with its signal blocked, inner inside it, twice (the
 * fast path learns inner there); the third time the library releases it before
 * inner, and the signal is let in after inner, with nothing held. */
static void unseen_release_then_signal(void)
{
	struct sigaction sa = { .sa_handler = take_in_handler };
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	for (int i = 0; i < 3; i++) {
		pthread_sigmask(SIG_BLOCK, &usr1, NULL);
		pthread_mutex_lock(&in_handler);
		if (i == 2)
			lib_unlock(&in_handler);
		pthread_mutex_lock(&inner);
		pthread_mutex_unlock(&inner);
		if (i < 2)
			pthread_mutex_unlock(&in_handler);
		pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
	}
	raise(SIGUSR1);
}

/* lock_a, then m, twice; the third time the library releases lock_a before m. */
static void unseen_release_under(pthread_mutex_t *m)
{
	for (int i = 0; i < 3; i++) {
		pthread_mutex_lock(&lock_a);
		if (i == 2)
			lib_unlock(&lock_a);
		pthread_mutex_lock(m);
		if (i < 2) {
			pthread_mutex_unlock(m);
			pthread_mutex_unlock(&lock_a);
		}
	}
}

/* Exits with nothing held, though lockdep saw only the lock. */
static void *released_unchecked_then_exit(void *arg)
{
	pthread_mutex_lock(&queue);
	lib_unlock(&queue);
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;

	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	if (argc > 1 && !strcmp(argv[1], "never_locked"))
		return pthread_mutex_unlock(&never_locked) == EPERM ? 0 : 3;
	if (argc > 1 && !strcmp(argv[1], "unlocked_twice")) {
		pthread_mutex_lock(&unlocked_twice);
		lib_unlock(&unlocked_twice);
		return pthread_mutex_unlock(&unlocked_twice) == EPERM ? 0 : 3;
	}
	if (argc > 1 && !strcmp(argv[1], "asserted")) {
		unseen_release_under(&lock_b);
		liblockdep_assert_held(&lock_a);
		return pthread_mutex_unlock(&lock_b);
	}
	if (argc > 1 && !strcmp(argv[1], "freed")) {
		pthread_mutex_t *heap = malloc(sizeof(*heap));

		pthread_mutex_init(heap, NULL);
		unseen_release_under(heap);
		free(heap);
		return 0;
	}
	unchecked_lock();
	unchecked_unlock();
	unseen_release_then_signal();
	unchecked_unlock();
	pthread_create(&t, NULL, released_unchecked_then_exit, NULL);
	pthread_join(t, NULL);
	return 0;
}
C
$cc -O2 -g -DLIBLOCKDEP -c "$pair/liblockdep.c" -o "$out/liblockdep.o"
$cc -O2 -g -Wall -Wextra -Werror -c "$out/library.c" -o "$out/library.o"
$cc -O2 -g -Wall -Wextra -Werror -DLIBLOCKDEP -include "$pair/liblockdep.h" -pthread \
	"$out/program.c" "$out/library.o" "$out/liblockdep.o" -o "$out/program"
status=0
"$out/program" 2> "$out/report" || status=$?
if [ "$status" -ne 0 ] || [ -s "$out/report" ]; then
	echo "a correct partial build: exit $status, output:"
	head -c 2000 "$out/report"
	exit 1
fi
# A mutex nobody holds, never locked or already unlocked by the library: a bad unlock
# balance naming it. After the library released lock_a, a lock taken the fast way
# over it: an assertion that lock_a is held fails, and a report of a held lock freed
# lists only that lock. Each case: argument|headline|a line of the report.
for case in "never_locked|WARNING: bad unlock balance detected!|(never_locked)" \
	    "unlocked_twice|WARNING: bad unlock balance detected!|(unlocked_twice)" \
	    "asserted|WARNING: lock not held where asserted held!|^1 lock held by " \
	    "freed|WARNING: held lock freed!|^1 lock held by "; do
	arg=${case%%|*}
	rest=${case#*|}
	status=0
	"$out/program" "$arg" 2> "$out/report" || status=$?
	headlines=$(awk 'prev ~ /^=+$/ { print } { prev = $0 }' "$out/report")
	if [ "$status" -ne 66 ] || [ "$headlines" != "${rest%%|*}" ] ||
	   ! grep -q "${rest#*|}" "$out/report"; then
		echo "$arg: exit $status, output:"
		head -c 2000 "$out/report"
		exit 1
	fi
done
