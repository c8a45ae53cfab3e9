/* Shim: lockdep reads the clock only to make pin cookies (and for LOCK_STAT, off). */
#ifndef LIBLOCKDEP_SHIM_SCHED_CLOCK_H
#define LIBLOCKDEP_SHIM_SCHED_CLOCK_H
static inline u64 sched_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}
#define local_clock()	sched_clock()
#endif
