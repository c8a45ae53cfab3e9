# OpenJDK 17 under ./lockdep, as real_programs_silent.sh runs programs: an executor of
# 4 threads taking a synchronized monitor, a ReentrantLock and a read-write lock, a
# parallel stream and a GC, three times, each run silent with the output of a plain
# run. At the JVM's normal shutdown its VM thread ends holding a PlatformMonitor mutex
# on purpose, daemon threads sometimes already blocked on it, and the process exits:
# the kernel's "still has locks held!" is for a lock another thread then waits for
# (src/ended_holders.c), so none here (on main, one report in every run).
# Tier: all (a real program: openjdk-17-jdk-headless to install; about 20 s)
set -eu
if ! command -v java > /dev/null || ! command -v javac > /dev/null; then
	echo "SKIP real_programs_jvm_shutdown: needs openjdk-17-jdk-headless"
	exit 0
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0
make -s preload > /dev/null
. tests/real_programs.sh

cat > "$out/Workload.java" <<'JAVA'
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.locks.*;
import java.util.stream.*;

public class Workload {
    static final Object monitor = new Object();
    static final ReentrantLock lock = new ReentrantLock();
    static final ReadWriteLock rw = new ReentrantReadWriteLock();
    static final Map<Integer, Integer> map = new HashMap<>();
    static long counter;

    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Long>> results = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            final int id = t;
            results.add(pool.submit(() -> {
                long local = 0;
                for (int i = 0; i < 20000; i++) {
                    synchronized (monitor) { counter++; }
                    lock.lock();
                    try { local += i; } finally { lock.unlock(); }
                    Lock l = i % 10 == 0 ? rw.writeLock() : rw.readLock();
                    l.lock();
                    try {
                        if (i % 10 == 0) map.put(i % 97, id); else map.get(i % 97);
                    } finally { l.unlock(); }
                    if (i % 1000 == 0) local += new byte[1 << 16].length;
                }
                return local;
            }));
        }
        long sum = 0;
        for (Future<Long> f : results) sum += f.get();
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
        long s = IntStream.range(0, 2_000_000).parallel().mapToLong(i -> (long) i * i % 7).sum();
        System.gc();
        System.out.println("counter=" + counter + " sum=" + sum + " stream=" + s);
    }
}
JAVA
javac -d "$out" "$out/Workload.java"
for run in 1 2 3; do
	same_as_plain java -cp "$out" Workload
done
exit $failed
