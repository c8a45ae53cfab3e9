/*
 * A reader-writer lock built on one atomic counter, described by a map: readers
 * acquire it shared and recursive (liblockdep_map_acquire_read()), the writer
 * exclusive. Readers of two such locks nesting in both orders, with writers taking
 * each alone, cannot deadlock and are silent; writers of two others taking them in
 * both orders are an AB-BA.
 *
 * Expect: WARNING: possible circular locking dependency detected
 * Names: meta_rw log_rw
 */
#include "scenario.h"
#include <stdatomic.h>

#define WRITER (-1)

struct rw {
	atomic_int state;		/* readers inside, or WRITER */
	struct liblockdep_map map;
};

static struct rw table_rw = { 0, LIBLOCKDEP_MAP_INIT("table_rw") };
static struct rw index_rw = { 0, LIBLOCKDEP_MAP_INIT("index_rw") };
static struct rw meta_rw = { 0, LIBLOCKDEP_MAP_INIT("meta_rw") };
static struct rw log_rw = { 0, LIBLOCKDEP_MAP_INIT("log_rw") };

static void read_lock(struct rw *rw)
{
	int seen;

	liblockdep_map_acquire_read(&rw->map);
	do {
		seen = atomic_load(&rw->state);
	} while (seen == WRITER || !atomic_compare_exchange_weak(&rw->state, &seen, seen + 1));
}

static void read_unlock(struct rw *rw)
{
	atomic_fetch_sub(&rw->state, 1);
	liblockdep_map_release(&rw->map);
}

static void write_lock(struct rw *rw)
{
	int idle;

	liblockdep_map_acquire(&rw->map);
	do {
		idle = 0;
	} while (!atomic_compare_exchange_weak(&rw->state, &idle, WRITER));
}

static void write_unlock(struct rw *rw)
{
	atomic_store(&rw->state, 0);
	liblockdep_map_release(&rw->map);
}

static void *readers(void *arg)
{
	read_lock(&table_rw);
	read_lock(&index_rw);
	read_unlock(&index_rw);
	read_unlock(&table_rw);
	read_lock(&index_rw);
	read_lock(&table_rw);
	read_unlock(&table_rw);
	read_unlock(&index_rw);
	return arg;
}

static void write_nest(struct rw *outer, struct rw *inner)
{
	write_lock(outer);
	write_lock(inner);
	write_unlock(inner);
	write_unlock(outer);
}

static void *writers(void *arg)
{
	write_lock(&table_rw);
	write_unlock(&table_rw);
	write_lock(&index_rw);
	write_unlock(&index_rw);
	write_nest(&meta_rw, &log_rw);
	return arg;
}

static void *rotate(void *arg)
{
	write_nest(&log_rw, &meta_rw);
	return arg;
}

int main(void)
{
	run_in_thread(readers, NULL);
	run_in_thread(writers, NULL);
	run_in_thread(rotate, NULL);
	return 0;
}
