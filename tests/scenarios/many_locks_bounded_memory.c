/*
 * Correct, and cheap in memory: 100,000 live locks, then all destroyed and 100,000
 * more made. liblockdep's side table costs about a hundred bytes per live lock and
 * reuses what destroyed locks leave; the run stays well under 64 MiB resident.
 *
 * Expect: silent
 */
#include "scenario.h"
#include <string.h>

#define LOCKS 100000

static long resident_kib(void)
{
	char line[256];
	long kib = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "VmHWM:", 6))
			kib = atol(line + 6);
	if (f)
		fclose(f);
	return kib;
}

int main(void)
{
	pthread_mutex_t *locks = calloc(LOCKS, sizeof(*locks));

	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < LOCKS; i++) {
			EXPECT_RET(pthread_mutex_init(&locks[i], NULL), 0);
			pthread_mutex_lock(&locks[i]);
			pthread_mutex_unlock(&locks[i]);
		}
		for (int i = 0; i < LOCKS; i++)
			EXPECT_RET(pthread_mutex_destroy(&locks[i]), 0);
	}
	free(locks);
	if (resident_kib() > 64 * 1024) {
		fprintf(stderr, "scenario: peak resident %ld KiB\n", resident_kib());
		return 5;
	}
	return 0;
}
