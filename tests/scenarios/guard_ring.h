// A project's own RAII guard around std::mutex, and a cycle over three kinds of
// object: Accounts::mu_ -> Ledger::mu_ -> Audit::mu_ -> Accounts::mu_, each edge
// taken by its own thread, one after another (nothing hangs). Shared by the
// cxx_guard_ring_*.cc scenarios, which build it at different optimisation levels.
#ifndef GUARD_RING_H
#define GUARD_RING_H
#include <mutex>
#include <thread>

class MutexLock {
public:
	explicit MutexLock(std::mutex *mu) : mu_(mu) { mu_->lock(); }
	~MutexLock() { mu_->unlock(); }
	MutexLock(const MutexLock &) = delete;
	MutexLock &operator=(const MutexLock &) = delete;

private:
	std::mutex *mu_;
};

class Audit;

class Accounts {
public:
	void Post(class Ledger *ledger);
	void Touch() { MutexLock l(&mu_); n_++; }

private:
	std::mutex mu_;
	int n_ = 0;
};

class Ledger {
public:
	void Record(Audit *audit);
	void Touch() { MutexLock l(&mu_); n_++; }

private:
	std::mutex mu_;
	int n_ = 0;
};

class Audit {
public:
	void Check(Accounts *accounts) { MutexLock l(&mu_); n_++; accounts->Touch(); }
	void Touch() { MutexLock l(&mu_); n_++; }

private:
	std::mutex mu_;
	int n_ = 0;
};

void Accounts::Post(Ledger *ledger) { MutexLock l(&mu_); n_++; ledger->Touch(); }
void Ledger::Record(Audit *audit) { MutexLock l(&mu_); n_++; audit->Touch(); }

static inline int guard_ring_main()
{
	Accounts *accounts = new Accounts;
	Ledger *ledger = new Ledger;
	Audit *audit = new Audit;

	std::thread([=] { accounts->Post(ledger); }).join();
	std::thread([=] { ledger->Record(audit); }).join();
	std::thread([=] { audit->Check(accounts); }).join();
	delete audit;
	delete ledger;
	delete accounts;
	return 0;
}
#endif
