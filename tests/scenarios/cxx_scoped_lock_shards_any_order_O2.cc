/*
 * C++ built -O2, where GCC leaves std::lock<std::mutex, std::mutex>() (behind a
 * std::scoped_lock of two mutexes) out of line: the shards of a map, one class,
 * moved between both ways by two threads through std::scoped_lock. std::lock()
 * only tries the second shard while it holds the first, and lets go when it is
 * busy: no order between them, no deadlock, nothing reported. The fast path
 * repeats those trylocks and the releases out of order (the first shard let go
 * first) without lockdep; cxx_scoped_lock_shards_abba_O2.cc is the cycle it must
 * still let through.
 *
 * Cflags: -O2
 * Expect: silent
 */
#include "cxx_scoped_lock_shards.h"

int main()
{
	return scoped_lock_shards_main(false);
}
