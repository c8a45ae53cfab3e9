// A ring of five std::mutex made in one loop (one std::vector), each thread's lambda,
// run inside std::thread's _M_run(), locking its mutex and then the next one. Every
// thread runs alone (joined before the next starts), so the program never hangs, but
// the ring is a deadlock. Shared by the cxx_lambda_ring_*.cc scenarios, which build
// it at different optimisation levels.
#ifndef LAMBDA_RING_H
#define LAMBDA_RING_H
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

static int lambda_ring_main()
{
	const int n = 5;
	std::vector<std::mutex> ring(n);

	for (int i = 0; i < n; i++)
		std::thread([&ring, i, n] {
			std::lock_guard<std::mutex> mine(ring[i]);
			std::lock_guard<std::mutex> next(ring[(i + 1) % n]);
		}).join();
	std::puts("done");
	return 0;
}
#endif
