/* Shim: lockdep reads the clock to make pin cookies and, for lock_stat, at every
 * acquisition (lockstat_clock()): that read happens only with statistics on
 * (lockdep.c's own lock_stat switch, which this expands next to). */
#ifndef LIBLOCKDEP_SHIM_SCHED_CLOCK_H
#define LIBLOCKDEP_SHIM_SCHED_CLOCK_H
static inline u64 sched_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
#define local_clock()	(unlikely(lock_stat) ? sched_clock() : 0)
#endif
