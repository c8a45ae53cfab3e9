/*
 * C++: a global std::mutex under std::lock_guard, and a std::shared_mutex inside a
 * heap object under std::unique_lock and std::shared_lock, taken in opposite orders
 * by two threads, one after the other; a std::condition_variable hands over between
 * them, in a consistent order. The locking is inline code from libstdc++'s headers,
 * calling pthread directly: the program is built as it is and checked preloaded.
 * The heap lock's class is the site that first locked it, named as the source
 * spells it.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: accounts rwlock@Ledger::post()
 */
#include <condition_variable>
#include <mutex>
#include <shared_mutex>
#include <thread>

std::mutex accounts;
static std::mutex handover;
static std::condition_variable posted;
static bool done;

struct Ledger {
	std::shared_mutex lock;
	long entries = 0;

	__attribute__((noinline)) void post()
	{
		std::unique_lock<std::shared_mutex> l(lock);
		entries++;
	}

	__attribute__((noinline)) long count()
	{
		std::shared_lock<std::shared_mutex> l(lock);
		std::lock_guard<std::mutex> a(accounts);
		return entries;
	}
};

static void transfer(Ledger *ledger)
{
	std::lock_guard<std::mutex> a(accounts);
	ledger->post();
	std::lock_guard<std::mutex> h(handover);
	done = true;
	posted.notify_one();
}

int main()
{
	Ledger *ledger = new Ledger;
	std::thread poster(transfer, ledger);
	{
		std::unique_lock<std::mutex> h(handover);
		posted.wait(h, [] { return done; });
	}
	poster.join();
	std::thread([ledger] { ledger->count(); }).join();
	delete ledger;
	return 0;
}
