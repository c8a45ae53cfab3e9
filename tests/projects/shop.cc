// The same deadlock in C++: restock() holds the stock mutex and then takes the till
// mutex, close_till() holds the till and takes the stock, in two threads one after
// the other (the run never hangs). Built -DFIXED, close_till() takes them in
// restock()'s order and lockdep has nothing to say.
#include <iostream>
#include <mutex>
#include <thread>

namespace shop {
std::mutex stock;
std::mutex till;
int items;

void restock()
{
	std::lock_guard<std::mutex> hold_stock(stock);
	std::lock_guard<std::mutex> hold_till(till);
	items++;
}

void close_till()
{
#ifdef FIXED
	std::lock_guard<std::mutex> hold_stock(stock);
	std::lock_guard<std::mutex> hold_till(till);
#else
	std::lock_guard<std::mutex> hold_till(till);
	std::lock_guard<std::mutex> hold_stock(stock); // the inversion
#endif
	items--;
}
} // namespace shop

int main()
{
	std::thread(shop::restock).join();
	std::thread(shop::close_till).join();
	std::cout << "items " << shop::items << '\n';
	return 0;
}
