# LIBLOCKDEP_SEMAPHORES=1 under ./lockdep: CPython's threading.Lock is a binary
# semaphore, so an AB-BA between two Locks is reported with the option and not
# without it; a correct program that uses CPython's own signalling on Locks
# (Condition, Queue, Event, Barrier, a thread pool, joins) stays silent with it, and
# so does a Lock a worker acquires and the main thread releases after the join.
set -eu
[ -x /usr/bin/python3 ] || { echo "SKIP python_semaphores: needs /usr/bin/python3"; exit 0; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/abba.py" <<'PY'
import threading
accounts, ledger = threading.Lock(), threading.Lock()
def forward():
    with accounts:
        with ledger:
            pass
def backward():
    with ledger:
        with accounts:
            pass
for fn in (forward, forward, backward):
    t = threading.Thread(target=fn)
    t.start()
    t.join()
PY
cat > "$out/correct.py" <<'PY'
import concurrent.futures, queue, threading
q = queue.Queue(maxsize=2)
done = threading.Event()
barrier = threading.Barrier(3)
cond = threading.Condition()
state = []
def producer():
    for i in range(200):
        q.put(i)
    q.put(None)
def consumer():
    while q.get() is not None:
        pass
    with cond:
        state.append(1)
        cond.notify_all()
    barrier.wait()
def waiter():
    with cond:
        cond.wait_for(lambda: state)
    barrier.wait()
threads = [threading.Thread(target=f) for f in (producer, consumer, waiter)]
for t in threads:
    t.start()
barrier.wait()
for t in threads:
    t.join()
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    assert sum(pool.map(lambda x: x * x, range(100))) == 328350
done.set()
PY
status=0
LIBLOCKDEP_SEMAPHORES=1 ./lockdep /usr/bin/python3 "$out/abba.py" 2> "$out/abba.err" || status=$?
[ $status -eq 66 ] && grep -q '^WARNING: possible circular locking dependency detected$' "$out/abba.err" ||
	{ echo "AB-BA on two Locks not reported (exit $status):"; cat "$out/abba.err"; exit 1; }
tests/lockdep_summary_stripped /usr/bin/python3 "$out/abba.py" 2> "$out/off.err" && [ ! -s "$out/off.err" ] ||
	{ echo "without LIBLOCKDEP_SEMAPHORES: not silent"; cat "$out/off.err"; exit 1; }
LIBLOCKDEP_SEMAPHORES=1 tests/lockdep_summary_stripped /usr/bin/python3 "$out/correct.py" 2> "$out/correct.err" &&
	[ ! -s "$out/correct.err" ] ||
	{ echo "a correct program was reported:"; head -60 "$out/correct.err"; exit 1; }

# A Lock acquired by a worker and released by the main thread after join() (legal
# for a Lock), then dropped: the worker's end saw a destroyed semaphore (a crash),
# or called it still held. Silent, exit 0, in each of ten runs.
cat > "$out/handoff.py" <<'PY'
import threading
for i in range(50):
    lock = threading.Lock()
    with lock:
        pass
    t = threading.Thread(target=lock.acquire)
    t.start()
    t.join()
    lock.release()
    del lock
PY
for run in 1 2 3 4 5 6 7 8 9 10; do
	status=0
	LIBLOCKDEP_SEMAPHORES=1 tests/lockdep_summary_stripped /usr/bin/python3 "$out/handoff.py" 2> "$out/handoff.err" || status=$?
	[ $status -eq 0 ] && [ ! -s "$out/handoff.err" ] ||
		{ echo "run $run: a Lock released by main after join: exit $status:"; head -40 "$out/handoff.err"; exit 1; }
done
