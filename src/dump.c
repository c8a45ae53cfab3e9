/*
 * What a run leaves behind: lockdep's own /proc views (lockdep, lockdep_chains,
 * lockdep_stats and, with statistics on, lock_stat, produced by the kernel's
 * lockdep_proc.c) and a Graphviz graph of the class dependencies, written to
 * LIBLOCKDEP_DUMP at exit (src/process_exit.c) or by liblockdep_dump().
 */
struct proc_view {
	const char *name;
	const struct seq_operations *ops;
	int (*show)(struct seq_file *m, void *v);
	const struct proc_ops *proc_ops;
};

static struct proc_view proc_views[5];
static unsigned int nr_proc_views;

static void proc_register(struct proc_view view)
{
	if (nr_proc_views < ARRAY_SIZE(proc_views))
		proc_views[nr_proc_views++] = view;
}

static void proc_create_seq(const char *name, int mode, void *parent,
			    const struct seq_operations *ops)
{
	proc_register((struct proc_view){ .name = name, .ops = ops });
}

static void proc_create_single(const char *name, int mode, void *parent,
			       int (*show)(struct seq_file *m, void *v))
{
	proc_register((struct proc_view){ .name = name, .show = show });
}

/* Only lock_stat has an open and a release of its own, and only statistics show. */
static void proc_create(const char *name, int mode, void *parent, const struct proc_ops *ops)
{
	if (lock_stat)
		proc_register((struct proc_view){ .name = name, .proc_ops = ops });
}

static void seq_write_text(struct seq_file *m, const char *text, size_t len)
{
	if (m->count + len + 1 > m->size) {
		size_t size = m->size ? 2 * m->size : 4096;
		char *grown;

		while (size < m->count + len + 1)
			size *= 2;
		grown = realloc(m->buf, size);
		if (!grown)
			return;
		m->buf = grown;
		m->size = size;
	}
	memcpy(m->buf + m->count, text, len);
	m->count += len;
	m->buf[m->count] = '\0';
}

/* Class names as the reports print them: control bytes escaped (src/printk.c). */
static void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	char text[PRINTK_LINE_MAX];
	va_list ap;

	va_start(ap, fmt);
	seq_write_text(m, text, printk_format(text, sizeof(text), fmt, ap, true));
	va_end(ap);
}

static void seq_puts(struct seq_file *m, const char *s)
{
	seq_write_text(m, s, strlen(s));
}

static void seq_fill(struct seq_file *m)
{
	loff_t pos = 0;
	void *v;

	for (v = m->op->start(m, &pos); v; v = m->op->next(m, v, &pos))
		m->op->show(m, v);
	m->op->stop(m, v);
}

/* Runs a view as opening, reading and closing its /proc file would. */
static void proc_view_fill(const struct proc_view *view, struct seq_file *m)
{
	struct file file = { m };

	m->op = view->ops;
	m->private = NULL;
	if (view->show) {
		view->show(m, NULL);
	} else if (!view->proc_ops) {
		seq_fill(m);
	} else if (view->proc_ops->proc_open(NULL, &file) == 0) {
		seq_fill(m);
		view->proc_ops->proc_release(NULL, &file);
	}
}

/* The dump directory, not followed if it is a symbolic link (a trailing slash would
 * follow one: path is dir without it); its files are then created in it with
 * openat(). Returns -1 if none. */
static int dump_dir_open(const char *dir, char path[PATH_MAX])
{
	size_t len = strlen(dir);
	char shown[256];
	int fd;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len >= PATH_MAX) {
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_DUMP: directory name longer than "
		       "PATH_MAX; nothing written\n");
		return -1;
	}
	memcpy(path, dir, len);
	path[len] = '\0';
	fd = output_openat(AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_DUMP: cannot open directory %s: %s; "
		       "nothing written\n", environment_value_escape(shown, sizeof(shown), path),
		       output_open_error(AT_FDCWD, path, errno));
	return fd;
}

/* dir/name for text, a new file or an earlier dump replaced (never a file of the
 * user's that has a dump's name). */
static FILE *dump_open(int dir_fd, const char *dir, const char *name, const char *text)
{
	const char *why;
	int fd = output_file_open(dir_fd, name, false, text, &why);
	char shown[256];
	FILE *f = NULL;

	if (fd >= 0 && !(f = fdopen(fd, "w"))) {
		why = error_words(errno);
		close(fd);
	}
	if (!f)
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_DUMP: cannot write %s/%s: %s\n",
		       environment_value_escape(shown, sizeof(shown), dir), name, why);
	return f;
}

/*
 * Edges of the cycles lockdep reported, named by class, so the graph can show them.
 * A circular report lists the existing chain as "-> #N (class)..." lines, #N first:
 * #0 -> #1 -> ... -> #N exist, and the new dependency closes the cycle #N -> #0.
 */
#define CYCLE_EDGES_MAX 64
static struct { char from[128], to[128]; } cycle_edges[CYCLE_EDGES_MAX];
static unsigned int nr_cycle_edges;
static char cycle_first[128], cycle_last[128];	/* under the graph lock, as the edges */

static void cycle_edge_add(const char *from, const char *to)
{
	if (nr_cycle_edges < CYCLE_EDGES_MAX) {
		snprintf(cycle_edges[nr_cycle_edges].from, 128, "%s", from);
		snprintf(cycle_edges[nr_cycle_edges].to, 128, "%s", to);
		nr_cycle_edges++;
	}
}

/* Called (with the graph lock held) for each line of a report being printed. */
static void cycle_edges_note_line(const char *line)
{
	const char *name = strstr(line, "-> #");
	char class[128];
	int len;

	if (strstr(line, "WARNING: possible circular locking dependency detected")) {
		cycle_first[0] = cycle_last[0] = '\0';
		return;
	}
	if (strstr(line, "*** DEADLOCK ***") && cycle_first[0]) {
		cycle_edge_add(cycle_first, cycle_last);
		cycle_first[0] = '\0';
		return;
	}
	if (!name || !(name = strchr(name, '(')) || !strstr(name, "){"))
		return;
	len = (int)(strstr(name, "){") - name - 1);
	snprintf(class, sizeof(class), "%.*s", len, name + 1);
	if (!cycle_first[0])
		snprintf(cycle_first, sizeof(cycle_first), "%s", class);
	else
		cycle_edge_add(class, cycle_last);
	snprintf(cycle_last, sizeof(cycle_last), "%s", class);
}

/* Marks a dependency that lies on a reported cycle as drawn; is it on one? */
static bool cycle_edge_draw(const char *from, const char *to, bool *drawn)
{
	bool found = false;

	for (unsigned int i = 0; i < nr_cycle_edges; i++) {
		if (!strcmp(cycle_edges[i].from, from) && !strcmp(cycle_edges[i].to, to)) {
			drawn[i] = true;
			found = true;
		}
	}
	return found;
}

/* The class name as lockdep prints it: name, then #version and /subclass. */
static void class_name_format(char *out, size_t size, struct lock_class *class)
{
	char key[KSYM_NAME_LEN];
	const char *name = class->name;
	size_t len;

	if (!name)
		name = __get_key_name(class->key, key);
	len = snprintf(out, size, "%s", name);
	if (class->name_version > 1 && len < size)
		len += snprintf(out + len, size - len, "#%d", class->name_version);
	if (class->subclass && len < size)
		snprintf(out + len, size - len, "/%d", class->subclass);
}

static void dot_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

#define DOT_HEADER "digraph lockdep {\n"

/* One node per class in use, one edge per direct dependency (class -> locks_after). */
static void dump_dot(FILE *f)
{
	bool drawn[CYCLE_EDGES_MAX] = { false };
	char from[256], to[256];

	fprintf(f, DOT_HEADER "\trankdir=LR;\n\tnode [shape=box, fontname=\"monospace\"];\n");
	for (unsigned long i = 0; i < ARRAY_SIZE(lock_classes); i++) {
		struct lock_class *class = &lock_classes[i];
		struct lock_list *entry;

		if (!test_bit(i, lock_classes_in_use))
			continue;
		class_name_format(from, sizeof(from), class);
		fputc('\t', f);
		dot_quoted(f, from);
		fprintf(f, ";\n");
		list_for_each_entry(entry, &class->locks_after, entry) {
			class_name_format(to, sizeof(to), entry->class);
			fputc('\t', f);
			dot_quoted(f, from);
			fprintf(f, " -> ");
			dot_quoted(f, to);
			fprintf(f, cycle_edge_draw(from, to, drawn) ?
				" [color=red, penwidth=3];\n" : ";\n");
		}
	}
	/* A reported cycle's closing edge that is not in locks_after (lockdep
	 * refused it and it could not be kept, src/kept_dependencies.c, or it joins
	 * two instances of one class): draw it too, dashed. */
	for (unsigned int i = 0; i < nr_cycle_edges; i++) {
		if (drawn[i])
			continue;
		fputc('\t', f);
		dot_quoted(f, cycle_edges[i].from);
		fprintf(f, " -> ");
		dot_quoted(f, cycle_edges[i].to);
		fprintf(f, " [color=red, penwidth=3, style=dashed];\n");
	}
	fprintf(f, "}\n");
}

static void dump_to(const char *dir)
{
	static bool views_registered, said;
	struct seq_file m = { 0 };
	char path[PATH_MAX];
	int dir_fd;
	FILE *f;

	if (secure_execution()) {
		printk(KERN_WARNING "liblockdep: secure-execution process: no dump written\n");
		return;
	}
	/* Not into the current directory: files there are the user's (./lockdep). */
	if (!dir) {
		if (!said)
			printk(KERN_WARNING "liblockdep: liblockdep_dump(): LIBLOCKDEP_DUMP is not "
			       "set; nothing written\n");
		said = true;
		return;
	}
	dir_fd = dump_dir_open(dir, path);
	if (dir_fd < 0)
		return;
	liblockdep_graph_lock();
	if (!views_registered) {
		lockdep_proc_init();
		views_registered = true;
	}
	liblockdep_graph_unlock();
	for (unsigned int i = 0; i < nr_proc_views; i++) {
		m.count = 0;
		proc_view_fill(&proc_views[i], &m);
		f = dump_open(dir_fd, path, proc_views[i].name, m.count ? m.buf : "");
		if (f) {
			fwrite(m.buf, 1, m.count, f);
			fclose(f);
		}
	}
	free(m.buf);
	f = dump_open(dir_fd, path, "lockdep.dot", DOT_HEADER);
	if (f) {
		liblockdep_graph_lock();
		dump_dot(f);
		liblockdep_graph_unlock();
		fclose(f);
	}
	close(dir_fd);
}

LIBLOCKDEP_API void liblockdep_dump(void)
{
	int saved_errno = errno;

	dump_to(settings.dump_dir);
	errno = saved_errno;
}
