/*
 * The other side of std::thread's narrowed plumbing (src/lock_plumbing.c), built -O0:
 * a ring of five std::mutex made in one loop (one std::vector), each thread's lambda,
 * run inside std::thread's _M_run(), locking its mutex and then the next one. Every
 * thread runs alone (joined before the next starts), so the program never hangs, but
 * the ring is a deadlock and is reported with default settings.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 */
#include <cstdio>
#include <mutex>
#include <thread>
#include <vector>

int main()
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
