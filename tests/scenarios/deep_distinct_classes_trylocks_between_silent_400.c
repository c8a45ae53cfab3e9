/*
 * deep_distinct_classes_trylocks_between_400.c's nesting made twice, the second time
 * over the dependencies the first added; two other threads then take under_tries and
 * tries[0] each with after_tries inside it, in the same order. Silent.
 *
 * Expect: silent
 */
#define TRIES 400
#include "trylocks_between.h"

static void *same_order(void *arg)
{
	nest(arg, &after_tries);
	return NULL;
}

int main(void)
{
	nest_after_tries();
	nest_after_tries();
	run_in_thread(same_order, &under_tries);
	run_in_thread(same_order, &tries[0]);
	return 0;
}
