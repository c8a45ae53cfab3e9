/* The sharded map of cxx_scoped_lock_shards_abba_O0.cc and _O2.cc, which build it at
 * each optimisation level, and of cxx_scoped_lock_shards_any_order_O2.cc. */
#ifndef CXX_SCOPED_LOCK_SHARDS_H
#define CXX_SCOPED_LOCK_SHARDS_H
#include <mutex>
#include <thread>

namespace kv {
struct Shard {
	std::mutex lock;
	long sum = 0;
};

struct Map {
	Shard shards[4];

	/* Two shards at once, in any order: std::lock() tries the second while it holds
	 * the first, and lets go of the first when the second is busy. */
	__attribute__((noinline)) void move(int from, int to, long n)
	{
		std::scoped_lock both(shards[from].lock, shards[to].lock);
		shards[from].sum -= n;
		shards[to].sum += n;
	}

	/* One shard held while moving between two others: the shard held is waited
	 * inside the first of them. Called with (0, 1, 2) and (1, 0, 2), shard 0 waits
	 * for shard 1 and shard 1 for shard 0. */
	__attribute__((noinline)) void settle(int held, int from, int to)
	{
		std::lock_guard<std::mutex> guard(shards[held].lock);
		move(from, to, shards[held].sum);
	}
};
} // namespace kv

/* Moves between every two shards, both ways, in a thread of its own while the
 * caller does the same the other way round; then, if asked, the settles. */
static int scoped_lock_shards_main(bool settle)
{
	kv::Map *map = new kv::Map;
	auto moves = [map](bool back) {
		for (int i = 0; i < 100; i++) {
			int a = i % 4, b = (a + 1 + i / 4 % 3) % 4;

			map->move(back ? b : a, back ? a : b, i);
		}
	};
	std::thread other(moves, true);

	moves(false);
	other.join();
	if (settle) {
		map->settle(0, 1, 2);
		map->settle(1, 0, 2);
	}
	delete map;
	return 0;
}
#endif
