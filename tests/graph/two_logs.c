/*
 * Two source files of one name, a/log.c and b/log.c, each with its own "static
 * pthread_mutex_t lock": two locks, nested, which is correct, run after run
 * (tests/checks/graph_same_file_names.sh).
 */
void a_log_lock(void);
void a_log_unlock(void);
void b_log_lock(void);
void b_log_unlock(void);

int main(void)
{
	a_log_lock();
	b_log_lock();
	b_log_unlock();
	a_log_unlock();
	return 0;
}
