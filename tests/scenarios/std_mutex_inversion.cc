/*
 * C++: a std::mutex under std::lock_guard and a std::shared_mutex under
 * std::unique_lock and std::shared_lock, taken in opposite orders by two threads,
 * one after the other; a std::condition_variable hands over between them, in a
 * consistent order. The locking is inline code from libstdc++'s headers, calling
 * pthread directly: the program is built as it is and checked preloaded.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: accounts ledger
 */
#include <condition_variable>
#include <mutex>
#include <shared_mutex>
#include <thread>

std::mutex accounts;
std::shared_mutex ledger;
static std::mutex handover;
static std::condition_variable posted;
static bool done;

static void post()
{
	std::lock_guard<std::mutex> a(accounts);
	std::unique_lock<std::shared_mutex> l(ledger);
	std::lock_guard<std::mutex> h(handover);
	done = true;
	posted.notify_one();
}

static void audit()
{
	std::shared_lock<std::shared_mutex> l(ledger);
	std::lock_guard<std::mutex> a(accounts);
}

int main()
{
	std::thread poster(post);
	{
		std::unique_lock<std::mutex> h(handover);
		posted.wait(h, [] { return done; });
	}
	poster.join();
	std::thread(audit).join();
	return 0;
}
