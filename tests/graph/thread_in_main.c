/* One main() linked into two programs with thread_parts.c built two ways: the
 * thread it creates, a class made in main(), is each program's own, not carried
 * over (tests/checks/graph_across_processes.sh). */
#include <pthread.h>

void *worker(void *arg);
void before_join(void);
void after_join(void);

int main(void)
{
	pthread_t thread;

	if (pthread_create(&thread, NULL, worker, NULL))
		return 1;
	before_join();
	pthread_join(thread, NULL);
	after_join();
	return 0;
}
