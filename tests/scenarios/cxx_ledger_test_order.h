/* One inversion between two std::mutex members, reached by two tests that a test
 * runner may run in either order: cxx_ledger_test_order_*.cc each run them in one. */
#ifndef CXX_LEDGER_TEST_ORDER_H
#define CXX_LEDGER_TEST_ORDER_H
#include <mutex>
#include <thread>

namespace bank {
class Ledger {
public:
	__attribute__((noinline)) void deposit(int n)
	{
		std::lock_guard<std::mutex> accounts(accounts_mutex_);
		std::lock_guard<std::mutex> log(log_mutex_);
		balance_ += n;
	}

	__attribute__((noinline)) int audit()
	{
		std::lock_guard<std::mutex> log(log_mutex_);
		std::lock_guard<std::mutex> accounts(accounts_mutex_);
		return balance_;
	}

private:
	std::mutex accounts_mutex_;
	std::mutex log_mutex_;
	int balance_ = 0;
};
} // namespace bank

static void test_deposit(bank::Ledger *ledger)
{
	std::thread([ledger] { ledger->deposit(1); }).join();
}

static void test_audit(bank::Ledger *ledger)
{
	std::thread([ledger] { ledger->audit(); }).join();
}

/* Runs the two tests on one ledger, deposit's first or audit's. */
static int ledger_tests(bool deposit_first)
{
	bank::Ledger *ledger = new bank::Ledger;

	if (deposit_first)
		test_deposit(ledger);
	test_audit(ledger);
	if (!deposit_first)
		test_deposit(ledger);
	delete ledger;
	return 0;
}
#endif
