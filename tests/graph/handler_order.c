/*
 * first_lock -> second_lock in the program ("order"), second_lock -> first_lock in a
 * SIGUSR1 handler ("handler"), or both in one process ("both", which lockdep reports).
 * Through one graph, "order" then "handler" is the same cycle
 * (tests/checks/graph_closed_in_handler.sh).
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>

static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;

static void in_order(pthread_mutex_t *x, pthread_mutex_t *y)
{
	pthread_mutex_lock(x);
	pthread_mutex_lock(y);
	pthread_mutex_unlock(y);
	pthread_mutex_unlock(x);
}

static void reversed(int sig)
{
	(void)sig;
	in_order(&second_lock, &first_lock);
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	signal(SIGUSR1, reversed);
	if (strcmp(what, "handler"))
		in_order(&first_lock, &second_lock);
	if (strcmp(what, "order"))
		raise(SIGUSR1);
	return 0;
}
