/* Shim: no /proc in user space. lockdep_proc.c registers its views here, and
 * src/dump.c writes each one to a file of the same name. */
#ifndef LIBLOCKDEP_SHIM_PROC_FS_H
#define LIBLOCKDEP_SHIM_PROC_FS_H
#include <linux/seq_file.h>

static void proc_create_seq(const char *name, int mode, void *parent,
			    const struct seq_operations *ops);
static void proc_create_single(const char *name, int mode, void *parent,
			       int (*show)(struct seq_file *m, void *v));
#endif
