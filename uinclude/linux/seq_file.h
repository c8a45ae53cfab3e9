/* Shim: lockdep_proc.c writes its /proc views through seq_file; here a seq_file is a
 * growing buffer that src/dump.c fills by running the view's operations and then
 * writes to a file. */
#ifndef LIBLOCKDEP_SHIM_SEQ_FILE_H
#define LIBLOCKDEP_SHIM_SEQ_FILE_H
#include <linux/types.h>

struct seq_file {
	char *buf;
	size_t count, size;
	const struct seq_operations *op;
	void *private;
};

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

/* What a view's start() returns to show its header first. */
#define SEQ_START_TOKEN ((void *)1)

static void seq_printf(struct seq_file *m, const char *fmt, ...);
static void seq_puts(struct seq_file *m, const char *s);
#define seq_putc(m, c)	seq_printf(m, "%c", c)

/* A view with an open and release of its own (lock_stat's) runs on the seq_file
 * src/dump.c gives its file; reading is src/dump.c's, as is the buffer. */
struct inode;
struct file {
	void *private_data;
};
#define seq_open(file, ops)	(((struct seq_file *)(file)->private_data)->op = (ops), 0)
#define seq_release(inode, file)	0
#define seq_read	NULL
#define seq_lseek	NULL
#endif
