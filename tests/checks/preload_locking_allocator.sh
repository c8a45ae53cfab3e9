# A program whose allocator takes a pthread mutex inside malloc (jemalloc does, and
# so does the one built here, with a second mutex nested in the first) starts, runs
# and exits under ./lockdep as it does plain: same output, same status, no report.
# liblockdep must never call malloc on a path from a lock wrapper: with the allocator's
# mutex held, that malloc would wait for it forever.
#
# usage: preload_locking_allocator.sh [ALLOCATOR.so]   (default: the one built here)
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/alloc.c" <<'C'
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct header {
	size_t size_class;	/* the block is 1 << size_class bytes */
	size_t offset;		/* from the block's start to the user's pointer */
};

#define CHUNK_SIZE (64UL << 20)
static pthread_mutex_t alloc_mutex = PTHREAD_MUTEX_INITIALIZER;
/* Taken inside alloc_mutex, as jemalloc nests its own mutexes; a member, so that
 * its name is a symbol and an offset. */
static struct {
	unsigned long allocations;
	pthread_mutex_t mutex;
} stats = { 0, PTHREAD_MUTEX_INITIALIZER };
static void *free_blocks[64];
static char *chunk_next, *chunk_end;

static void *block_take(size_t size_class)
{
	size_t size = (size_t)1 << size_class;
	void *block = free_blocks[size_class];

	if (block) {
		free_blocks[size_class] = *(void **)block;
		return block;
	}
	if (size >= CHUNK_SIZE / 4) {
		block = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		return block == MAP_FAILED ? NULL : block;
	}
	if ((size_t)(chunk_end - chunk_next) < size) {
		chunk_next = mmap(NULL, CHUNK_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (chunk_next == MAP_FAILED) {
			chunk_next = chunk_end = NULL;
			return NULL;
		}
		chunk_end = chunk_next + CHUNK_SIZE;
	}
	block = chunk_next;
	chunk_next += size;
	return block;
}

static void *alloc_aligned(size_t size, size_t align)
{
	size_t need = size + sizeof(struct header) + (align > 16 ? align : 0), size_class = 5;
	struct header *h;
	char *block, *p;

	if (size > PTRDIFF_MAX) {
		errno = ENOMEM;
		return NULL;
	}
	while (((size_t)1 << size_class) < need)
		size_class++;
	pthread_mutex_lock(&alloc_mutex);
	block = block_take(size_class);
	pthread_mutex_lock(&stats.mutex);
	stats.allocations++;
	pthread_mutex_unlock(&stats.mutex);
	pthread_mutex_unlock(&alloc_mutex);
	if (!block) {
		errno = ENOMEM;
		return NULL;
	}
	p = block + sizeof(struct header);
	if (align > 16)
		p = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
	h = (struct header *)p - 1;
	h->size_class = size_class;
	h->offset = p - block;
	return p;
}

static struct header *header_of(void *p)
{
	return (struct header *)p - 1;
}

void *malloc(size_t size)
{
	return alloc_aligned(size, 16);
}

void free(void *p)
{
	struct header *h;
	void **block;

	if (!p)
		return;
	h = header_of(p);
	block = (void **)((char *)p - h->offset);
	pthread_mutex_lock(&alloc_mutex);
	*block = free_blocks[h->size_class];
	free_blocks[h->size_class] = block;
	pthread_mutex_unlock(&alloc_mutex);
}

size_t malloc_usable_size(void *p)
{
	return p ? ((size_t)1 << header_of(p)->size_class) - header_of(p)->offset : 0;
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > SIZE_MAX / size) {
		errno = ENOMEM;
		return NULL;
	}
	p = malloc(n * size);
	return p ? memset(p, 0, n * size) : NULL;
}

void *realloc(void *p, size_t size)
{
	size_t old = malloc_usable_size(p);
	void *q;

	if (p && size <= old)
		return p;
	q = malloc(size);
	if (q && p) {
		memcpy(q, p, old);
		free(p);
	}
	return q;
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p = alloc_aligned(size, align);

	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *aligned_alloc(size_t align, size_t size)
{
	return alloc_aligned(size, align);
}

void *memalign(size_t align, size_t size)
{
	return alloc_aligned(size, align);
}

void *valloc(size_t size)
{
	return alloc_aligned(size, (size_t)sysconf(_SC_PAGESIZE));
}

void *pvalloc(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return alloc_aligned((size + page - 1) & ~(page - 1), page);
}
C
cat > "$out/threads.c" <<'C'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t outer = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *work(void *arg)
{
	pthread_mutex_t inner;

	pthread_mutex_init(&inner, NULL);
	for (int i = 0; i < 2000; i++) {
		char *text = malloc(16 + i % 200);

		snprintf(text, 16, "%d", i);
		pthread_mutex_lock(&outer);
		pthread_mutex_lock(&inner);
		total += strlen(text);
		pthread_mutex_unlock(&inner);
		pthread_mutex_unlock(&outer);
		free(text);
	}
	pthread_mutex_destroy(&inner);
	return arg;
}

int main(void)
{
	pthread_t threads[4];

	for (int i = 0; i < 4; i++)
		pthread_create(&threads[i], NULL, work, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(threads[i], NULL);
	printf("%ld\n", total);
	return 3;
}
C
# -fno-builtin: GCC would turn calloc's malloc + memset into a call of calloc.
$cc -O2 -fno-builtin -fPIC -shared -pthread "$out/alloc.c" -o "$out/liballoc.so"
$cc -O2 -pthread "$out/threads.c" -o "$out/threads"
allocator=${1:-$out/liballoc.so}
printf 'pear\napple\nfig\n' > "$out/words"
# Built now if it is missing or stale, so that building says nothing below.
./lockdep true 2> /dev/null

# Runs "$@" with the allocator preloaded, plain and under ./lockdep; both must agree.
same_as_plain() {
	status=0
	LD_PRELOAD=$allocator timeout 60 "$@" < "$out/words" > "$out/plain" 2> "$out/plain.err" ||
		status=$?
	checked=0
	timeout 60 env LD_PRELOAD="$allocator" tests/lockdep_summary_stripped "$@" < "$out/words" > "$out/checked" \
		2> "$out/report" || checked=$?
	if [ "$checked" -ne "$status" ]; then
		echo "$*: exit status $checked under ./lockdep (124: hung), $status plain"
		exit 1
	fi
	if ! cmp -s "$out/plain" "$out/checked" || ! cmp -s "$out/plain.err" "$out/report"; then
		echo "$*: under ./lockdep: $(head -c 600 "$out/checked" "$out/report")"
		exit 1
	fi
}

same_as_plain "$out/threads"
same_as_plain sort
same_as_plain /usr/bin/python3 -c 'import threading; t = threading.Thread(target=print, args=("hi",)); t.start(); t.join()'
