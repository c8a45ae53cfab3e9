/*
 * C++ built -O0, where std::mutex's locking is out-of-line code: two heap mutexes
 * first locked in Queue::push() and Worker::wake() are two classes named after those
 * functions, not after libstdc++'s __gthread_mutex_lock, and taking them in the
 * opposite order in another thread is reported as the inversion it is.
 *
 * Cflags: -O0
 * Expect: WARNING: possible circular locking dependency detected
 * Names: mutex@Worker::wake() mutex@Queue::push()
 */
#include <mutex>
#include <thread>

struct Worker {
	std::mutex lock;
	int woken = 0;

	void wake()
	{
		std::lock_guard<std::mutex> l(lock);
		woken++;
	}
};

struct Queue {
	std::mutex lock;
	Worker *worker;
	int items = 0;

	void push()
	{
		std::lock_guard<std::mutex> l(lock);
		items++;
		worker->wake();
	}
};

static void report(Queue *queue)
{
	std::lock_guard<std::mutex> w(queue->worker->lock);
	std::unique_lock<std::mutex> q(queue->lock);
	queue->items = 0;
}

int main()
{
	Queue *queue = new Queue;

	queue->worker = new Worker;
	std::thread([queue] { queue->push(); }).join();
	std::thread(report, queue).join();
	delete queue->worker;
	delete queue;
	return 0;
}
