/* Shim: no /proc in user space. lockdep_proc.c registers its views here, and
 * src/dump.c writes each one to a file of the same name. */
#ifndef LIBLOCKDEP_SHIM_PROC_FS_H
#define LIBLOCKDEP_SHIM_PROC_FS_H
#include <linux/seq_file.h>

/* A view with handlers of its own: lock_stat, whose write is its reset. */
struct proc_ops {
	int (*proc_open)(struct inode *inode, struct file *file);
	ssize_t (*proc_read)(struct file *file, char __user *buf, size_t count, loff_t *pos);
	ssize_t (*proc_write)(struct file *file, const char __user *buf, size_t count,
			      loff_t *pos);
	loff_t (*proc_lseek)(struct file *file, loff_t offset, int whence);
	int (*proc_release)(struct inode *inode, struct file *file);
};

static void proc_create_seq(const char *name, int mode, void *parent,
			    const struct seq_operations *ops);
static void proc_create_single(const char *name, int mode, void *parent,
			       int (*show)(struct seq_file *m, void *v));
static void proc_create(const char *name, int mode, void *parent,
			const struct proc_ops *ops);
#endif
