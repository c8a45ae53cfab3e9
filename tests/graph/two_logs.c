/*
 * Two source files of one name, a/log.c and b/log.c, each with its own "static
 * pthread_mutex_t lock": two locks, nested, which is correct, run after run
 * (tests/checks/graph_same_file_names.sh). Two global locks nested as well: an
 * order the graph file keeps, so that the file is written and can be read.
 */
#include <pthread.h>

void a_log_lock(void);
void a_log_unlock(void);
void b_log_lock(void);
void b_log_unlock(void);

pthread_mutex_t journal_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;

int main(void)
{
	a_log_lock();
	b_log_lock();
	b_log_unlock();
	a_log_unlock();
	pthread_mutex_lock(&journal_lock);
	pthread_mutex_lock(&index_lock);
	pthread_mutex_unlock(&index_lock);
	pthread_mutex_unlock(&journal_lock);
	return 0;
}
