/*
 * C++ built -O0, where all of libstdc++'s locking is out of line (std::lock<> behind
 * a std::scoped_lock of two mutexes, std::mutex::lock, the guards): the shards of a
 * map, one class, moved between both ways by two threads through std::scoped_lock,
 * which is correct (std::lock() only tries the second shard while it holds the
 * first), then one shard held by a std::lock_guard while std::scoped_lock takes
 * another: shard 0 inside shard 1, then shard 1 inside shard 0. The fast path
 * repeats the moves' trylocks and releases out of order without lockdep; the cycle
 * between the two shards is reported all the same, at the user's code.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@kv::Map::move()
 */
#include "cxx_scoped_lock_shards.h"

int main()
{
	return scoped_lock_shards_main(true);
}
