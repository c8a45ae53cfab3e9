/*
 * Memory of liblockdep's own, straight from mmap. The program's allocator is off
 * limits on every path from a lock wrapper or a signal handler: it may hold one of
 * its own locks when it calls a wrapper (jemalloc does), or a handler may have
 * interrupted it. The arena takes no lock at all, so a handler that interrupts an
 * allocation on the same thread, or a fork() in the middle of one, finds it
 * consistent: blocks are claimed with one atomic add, and a new block is published
 * with one compare-and-swap. What it hands out is zeroed and never given back.
 */
#define ARENA_BLOCK_SIZE	(256 * 1024)
#define ARENA_ALIGN		16

struct arena_block {
	size_t size;		/* bytes of data */
	size_t used;		/* claimed so far; may run past size when full */
	char data[] __attribute__((__aligned__(ARENA_ALIGN)));
};

static struct arena_block *arena_current;
static bool arena_exhausted;

/* Running out of memory stops checking, as running out of any table does. */
static void arena_out_of_memory(size_t size, int error)
{
	if (__atomic_exchange_n(&arena_exhausted, true, __ATOMIC_RELAXED))
		return;
	printk(KERN_ERR "liblockdep: out of memory (mmap of %zu bytes failed, errno %d)\n",
	       size, error);
	printk(KERN_ERR "liblockdep: turning off the locking correctness validator.\n");
}

/* Zeroed pages of our own, for memory that is given back (liblockdep_pages_free()). */
static void *liblockdep_pages_alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		arena_out_of_memory(size, errno);
		return NULL;
	}
	return p;
}

static void liblockdep_pages_free(void *p, size_t size)
{
	munmap(p, size);
}

static void *arena_block_claim(struct arena_block *b, size_t size)
{
	size_t offset = __atomic_fetch_add(&b->used, size, __ATOMIC_RELAXED);

	return offset + size <= b->size ? b->data + offset : NULL;
}

/* A new block, its first @size bytes already claimed for the caller. */
static struct arena_block *arena_block_new(size_t size)
{
	struct arena_block *b = liblockdep_pages_alloc(ARENA_BLOCK_SIZE);

	if (b) {
		b->size = ARENA_BLOCK_SIZE - sizeof(*b);
		b->used = size;
	}
	return b;
}

/* Zeroed memory for good, ARENA_ALIGN-aligned; NULL only when mmap fails. */
static void *liblockdep_alloc(size_t size)
{
	struct arena_block *b, *fresh;
	void *p;

	size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (size > ARENA_BLOCK_SIZE / 4)
		return liblockdep_pages_alloc(size);	/* a block would be mostly this */
	for (;;) {
		b = __atomic_load_n(&arena_current, __ATOMIC_ACQUIRE);
		p = b ? arena_block_claim(b, size) : NULL;
		if (p)
			return p;
		fresh = arena_block_new(size);
		if (!fresh)
			return NULL;
		if (__atomic_compare_exchange_n(&arena_current, &b, fresh, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return fresh->data;
		/* Another thread (or a handler) published a block first: use that one. */
		liblockdep_pages_free(fresh, ARENA_BLOCK_SIZE);
	}
}

/* A copy of a string, for good. */
static const char *liblockdep_strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *copy = liblockdep_alloc(len);

	return copy ? memcpy(copy, s, len) : NULL;
}

static size_t liblockdep_vsnprintk(char *buf, size_t size, const char *fmt, va_list ap);

/* A short formatted string (a name), for good: asprintf() with memory of our own and
 * the kernel's formats (src/printk.c). */
static const char *__attribute__((__format__(__printf__, 1, 2))) liblockdep_format(const char *fmt, ...)
{
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	liblockdep_vsnprintk(text, sizeof(text), fmt, ap);
	va_end(ap);
	return liblockdep_strdup(text);
}
