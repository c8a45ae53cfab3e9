/*
 * Two std::threads started at two places: one takes config_lock and is joined with
 * nothing held; the other never takes it and is joined while main holds it. No join
 * waits for config_lock: silent. Every std::thread has libstdc++'s start routine and
 * is created inside libstdc++, so a thread's class is where the program creates it
 * (src/lock_plumbing.c); keyed inside libstdc++, the two would be one class, and the
 * second join would seem to wait for the first thread's config_lock.
 *
 * Expect: silent
 * Env: LIBLOCKDEP_JOINS=1
 */
#include <mutex>
#include <thread>

static std::mutex config_lock;

int main()
{
	std::thread reader([] { std::lock_guard<std::mutex> hold(config_lock); });
	reader.join();

	std::thread idler([] {});
	std::lock_guard<std::mutex> hold(config_lock);
	idler.join();
	return 0;
}
