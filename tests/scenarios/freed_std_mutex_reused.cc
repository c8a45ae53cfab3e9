/*
 * C++: a heap object whose mutex is never destroyed (as libstdc++'s std::mutex never
 * is) deleted, and a new object allocated at the same address: its mutex is a new
 * lock. The session's mutex is taken before the registry, the cache's after it: no
 * inversion. delete reaches free() from inside libstdc++. The objects' mutexes are
 * pthread's, locked where the program does it: a heap std::mutex locked through an
 * out-of-line std::mutex::lock() would have that one class for every object. The
 * reuse is forced (delete, then new of the same size; the scenario fails if the
 * allocator never hands the block back).
 *
 * Expect: silent
 */
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <pthread.h>

struct Session {
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	long id = 0;
};

struct Cache {
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	long entries = 0;
};

static std::mutex registry;

static __attribute__((noinline)) void register_session(Session *s)
{
	pthread_mutex_lock(&s->lock);
	{
		std::lock_guard<std::mutex> r(registry);
		s->id++;
	}
	pthread_mutex_unlock(&s->lock);
}

static __attribute__((noinline)) void cache_flush(Cache *c)
{
	std::lock_guard<std::mutex> r(registry);
	pthread_mutex_lock(&c->lock);
	c->entries = 0;
	pthread_mutex_unlock(&c->lock);
}

int main()
{
	static_assert(sizeof(Session) == sizeof(Cache), "same size: the block is reused");
	Session *session = new Session;
	std::uintptr_t old = reinterpret_cast<std::uintptr_t>(session);

	register_session(session);
	delete session;
	Cache *cache = new Cache;
	if (reinterpret_cast<std::uintptr_t>(cache) != old) {
		std::fprintf(stderr, "scenario: new did not reuse the deleted block\n");
		return 3;
	}
	cache_flush(cache);
	delete cache;
	return 0;
}
