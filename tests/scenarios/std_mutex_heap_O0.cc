/*
 * C++ built -O0, as test suites are: std::mutex's locking stays out-of-line code
 * (lock_guard, unique_lock, std::mutex::lock, libstdc++'s __gthread_mutex_lock), so
 * every heap mutex is first locked from the same place inside it. Each is classed by
 * the first call site outside that plumbing instead: the mutexes of a Store, a Cache,
 * an Index (shared_mutex) and a Journal (timed_mutex), always nested in that order,
 * are four classes, and nothing is reported.
 *
 * Cflags: -O0
 * Expect: silent
 */
#include <chrono>
#include <mutex>
#include <shared_mutex>
#include <thread>

/* Some data and the lock that guards it. */
template <class Lock> struct Guarded {
	Lock lock;
	int uses = 0;
};
typedef Guarded<std::mutex> Store;
typedef Guarded<std::recursive_mutex> Cache;
typedef Guarded<std::shared_mutex> Index;
typedef Guarded<std::timed_mutex> Journal;

static void write(Store *store, Cache *cache, Index *index, Journal *journal)
{
	std::lock_guard<std::mutex> s(store->lock);
	std::unique_lock<std::recursive_mutex> c(cache->lock);
	std::shared_lock<std::shared_mutex> i(index->lock);
	if (journal->lock.try_lock_for(std::chrono::seconds(1))) {
		journal->uses++;
		journal->lock.unlock();
	}
	store->uses++;
}

static void read(Store *store, Cache *cache, Index *index)
{
	std::scoped_lock<std::mutex> s(store->lock);
	std::lock_guard<std::recursive_mutex> c(cache->lock);
	std::unique_lock<std::shared_mutex> i(index->lock);
	cache->uses++;
}

int main()
{
	Store *store = new Store;
	Cache *cache = new Cache;
	Index *index = new Index;
	Journal *journal = new Journal;

	std::thread(write, store, cache, index, journal).join();
	std::thread(read, store, cache, index).join();
	delete journal;
	delete index;
	delete cache;
	delete store;
	return 0;
}
