/* The member-mutex inversion of cxx_member_mutex_abba_O0.cc and _O2.cc, which build it
 * at each optimisation level. */
#ifndef CXX_MEMBER_MUTEX_ABBA_H
#define CXX_MEMBER_MUTEX_ABBA_H
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

static int member_abba_main()
{
	shop::Inventory *inventory = new shop::Inventory;

	inventory->ledger = new shop::Ledger;
	std::thread([inventory] { inventory->restock(3, "delivery"); }).join();
	std::thread([inventory] { inventory->audit(); }).join();
	delete inventory->ledger;
	delete inventory;
	return 0;
}
#endif
