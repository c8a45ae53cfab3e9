/*
 * C++ built -O2: two threads whose lambdas, inlined into std::thread's
 * _State_impl::_M_run(), take two member mutexes of one heap object in opposite
 * orders. _M_run() is the thread's own code, not the creation plumbing: the classes
 * are named after it (two classes first used in one function: ~2), never after
 * libstdc++'s unnamed thread entry, which named both classes alike.
 *
 * Cflags: -O2
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@std::thread::_State_impl<*{lambda()#1}*>::_M_run() mutex@std::thread::_State_impl<*{lambda()#1}*>::_M_run()~2
 */
#include <mutex>
#include <thread>
#include <cstdio>

struct Pair {
	std::mutex a;
	std::mutex b;
	int n = 0;
};

int main()
{
	Pair *p = new Pair;

	std::thread([p] {
		std::lock_guard<std::mutex> first(p->a);
		std::lock_guard<std::mutex> second(p->b);
		p->n++;
	}).join();
	std::thread([p] {
		std::lock_guard<std::mutex> second(p->b);
		std::lock_guard<std::mutex> first(p->a);	/* the inversion */
		p->n++;
	}).join();
	std::printf("n %d\n", p->n);
	delete p;
	return 0;
}
