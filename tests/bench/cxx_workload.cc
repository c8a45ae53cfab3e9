// SPDX-License-Identifier: GPL-2.0
// A C++ program's locking as the standard library does it: a work queue on
// std::lock_guard and a sharded map whose moves between shards take two shard locks
// with std::scoped_lock (out of line at -O2: std::lock<std::mutex, std::mutex>).
// Everything is on the heap, as a program's objects are.
//
// usage: cxx_workload ITERATIONS   (prints a checksum; tests/bench/bench.sh counts its
// instructions per iteration, tests/checks/cxx_plumbing_unwound_once.sh its unwinds)
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <unordered_map>

namespace {

struct Queue {
	std::mutex m;
	std::deque<long> items;

	void push(long v)
	{
		std::lock_guard<std::mutex> g(m);
		items.push_back(v);
	}

	bool pop(long &v)
	{
		std::lock_guard<std::mutex> g(m);
		if (items.empty())
			return false;
		v = items.front();
		items.pop_front();
		return true;
	}
};

struct Shard {
	std::mutex m;
	std::unordered_map<long, long> map;
};

struct ShardedMap {
	Shard shards[16];

	Shard &of(long k) { return shards[k & 15]; }

	void put(long k, long v)
	{
		Shard &s = of(k);
		std::lock_guard<std::mutex> g(s.m);
		s.map[k] = v;
	}

	// Moves a key's value to another key in another shard, both shards locked.
	void move(long from, long to)
	{
		Shard &a = of(from), &b = of(to);

		if (&a == &b)
			return;
		std::scoped_lock both(a.m, b.m);
		auto it = a.map.find(from);
		if (it != a.map.end()) {
			b.map[to] = it->second;
			a.map.erase(it);
		}
	}
};

} // namespace

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, sum = 0, v;
	Queue &q = *new Queue;
	ShardedMap &map = *new ShardedMap;

	for (long i = 0; i < n; i++) {
		q.push(i);
		if (!q.pop(v))
			return 1;
		map.put(v % 1000, i);
		map.move(v % 1000, (v + 1) % 1000);
		sum += v;
	}
	printf("%ld\n", sum);
	delete &map;
	delete &q;
	return 0;
}
