/*
 * C++ built -O0 (CMake's default build type), where libstdc++'s locking is out-of-line code (__gthread_mutex_lock, std::mutex::lock, the guards' constructors): two member mutexes,
 * first locked in shop::Inventory::restock() and shop::Ledger::record() through
 * std::lock_guard, then taken in the opposite order by shop::Inventory::audit()
 * through std::unique_lock and std::scoped_lock. The inversion is reported, the
 * classes named after the members, and every "at:" is the user's audit(), never
 * the plumbing (tests/checks/cxx_locations_skip_plumbing.sh).
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@shop::Inventory::restock()+0x* mutex@shop::Ledger::record()+0x*
 */
#include <mutex>
#include <thread>

namespace shop {
struct Ledger {
	long pad[3];
	std::mutex lock;
	int entries = 0;

	void record(int n);
};

struct Inventory {
	int pad;
	std::mutex lock;
	Ledger *ledger;
	int stock = 0;

	__attribute__((noinline)) void restock(int n, const char *why)
	{
		std::lock_guard<std::mutex> guard(lock);
		stock += n;
		ledger->record(n + (why != nullptr));
	}

	__attribute__((noinline)) void audit()
	{
		std::unique_lock<std::mutex> entries(ledger->lock);
		std::scoped_lock inventory(lock);
		stock = ledger->entries;
	}
};

__attribute__((noinline)) void Ledger::record(int n)
{
	std::lock_guard<std::mutex> guard(lock);
	entries += n;
}
} // namespace shop

int main()
{
	shop::Inventory *inventory = new shop::Inventory;

	inventory->ledger = new shop::Ledger;
	std::thread([inventory] { inventory->restock(3, "delivery"); }).join();
	std::thread([inventory] { inventory->audit(); }).join();
	delete inventory->ledger;
	delete inventory;
	return 0;
}
