/*
 * A rules file's "suppress fingerprint=": the report with that fingerprint (the one
 * each report prints, stable across runs and builds) is not printed, nor counted in
 * the exit status; the program is silent and exits with its own status.
 *
 * Rules: suppress fingerprint=circular-0539c9fe
 * Expect: silent
 */
#include "scenario.h"

static pthread_mutex_t first_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t second_lock = PTHREAD_MUTEX_INITIALIZER;

static void *backward(void *arg)
{
	nest(&second_lock, &first_lock);
	return arg;
}

int main(void)
{
	nest(&first_lock, &second_lock);
	run_in_thread(backward, NULL);
	return 0;
}
