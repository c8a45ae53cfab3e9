/* Takes locks[N] then locks[N + 1], N from its argument: 16 of these exiting at once
 * must leave 16 dependencies in one graph (tests/checks/graph_across_processes.sh). */
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t locks[17] = {
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
	PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER,
};

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) % 16 : 0;

	pthread_mutex_lock(&locks[n]);
	pthread_mutex_lock(&locks[n + 1]);
	pthread_mutex_unlock(&locks[n + 1]);
	pthread_mutex_unlock(&locks[n]);
	return 0;
}
