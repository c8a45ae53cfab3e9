/*
 * The graph file of LIBLOCKDEP_GRAPH=path: read at start (src/graph_replay.c replays
 * it), merged into at exit. Text, one dependency a line, after a header line:
 *
 *   liblockdep-graph 2
 *   <kinds>\t<from name>\t<subclass>\t<object>\t<unit>\t
 *       <to name>\t<subclass>\t<object>\t<unit>\t
 *       <program>\t<pid>\t<time>\t<frame>\t<frame>...
 *
 * kinds is lockdep's DEP_*_MASK bits in decimal (1 to 15), object "" for the main
 * program, unit the source file of a class named after a static symbol
 * ("config_cache.c"; "" for a global; for a site, each named frame's with the call's
 * offset in its function, which the name leaves out, '<' apart: "+0x2b<test_a.c+0x1c"), a
 * frame "take_config+0x1c (test_a)" or, with its file:line (LIBLOCKDEP_SYMBOLIZE),
 * "take_config+0x1c (test_a, config.c:12)". Every field is printable, tabs apart.
 * Format 1 (no units) is another's: a file of it is not read, in one line.
 *
 * Many processes of a parallel "make -j check" exit at once: each takes an flock() on
 * path.lock (kept), reads the file as it is now, and writes it again with its own
 * new dependencies added into path.<pid>.tmp, which rename() puts in its place. A
 * reader sees the old file or the new one, never half of one; a process that dies
 * loses only what it would have added. A file that is not a graph (truncated,
 * corrupt, foreign) is set aside as path.corrupt.<pid>, in one line, and the run
 * starts from an empty graph; an empty file (mktemp's) is an empty graph. The file is
 * untrusted input (tests/fuzz/graph_file.c), and path may be in a directory others
 * can write to: a path that is not a regular file (a FIFO, which would hold open()
 * before main) is refused in one line and the run goes without a graph. Whoever can
 * open path.lock can hold it, so it must be ours (src/output_files.c) and closed to
 * others, and it is waited for a few seconds at most: a process never hangs on it.
 */
#define GRAPH_MAGIC		"liblockdep-graph "
#define GRAPH_HEADER		GRAPH_MAGIC "2\n"
#define GRAPH_FIELDS		12	/* before the frames */
#define GRAPH_FILE_MAX		(1UL << 30)	/* a file larger is not ours */
#define GRAPH_LINE_MAX		8192
#define GRAPH_LOCK_WAIT_MS	5000	/* for path.lock, then without it */
#define GRAPH_OPEN_FLAGS	(O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)

static const char *graph_path;
static const char graph_not_regular[] = "not a regular file";

typedef bool (*graph_record_fn)(const struct graph_record *r, void *arg);

/* A decimal number within [min, max] that fills its field. */
static bool graph_number(const char *s, unsigned long min, unsigned long max,
			 unsigned long *value)
{
	unsigned long n = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || n > max / 10)
			return false;
		n = n * 10 + (unsigned long)(*s - '0');
	}
	*value = n;
	return n >= min && n <= max;
}

/* One line, its fields cut apart in place. NULL when it is a record, or what is wrong. */
static const char *graph_line_parse(char *line, struct graph_record *r)
{
	char *field[GRAPH_FIELDS + GRAPH_MAX_FRAMES];
	unsigned long kinds, from_sub, to_sub, pid;
	unsigned int n = 0;

	for (char *p = line;; p++) {
		if ((unsigned char)*p < 0x20 && *p != '\t' && *p)
			return "a control character";
		if (*p == 0x7f)
			return "a control character";
		if (*p == '\t' || !*p) {
			if (n == ARRAY_SIZE(field))
				return "too many fields";
			field[n++] = line;
			if (!*p)
				break;
			*p = '\0';
			line = p + 1;
		}
	}
	if (n < GRAPH_FIELDS)
		return "too few fields";
	if (!graph_number(field[0], 1, 15, &kinds) ||
	    !graph_number(field[2], 0, MAX_LOCKDEP_SUBCLASSES - 1, &from_sub) ||
	    !graph_number(field[6], 0, MAX_LOCKDEP_SUBCLASSES - 1, &to_sub) ||
	    !graph_number(field[10], 1, INT_MAX, &pid))
		return "a bad number";
	if (!*field[1] || !*field[5] || !*field[9] || !*field[11])
		return "an empty name";
	*r = (struct graph_record){
		.dep = (u8)kinds,
		.from = { field[1], from_sub, field[3], field[4] },
		.to = { field[5], to_sub, field[7], field[8] },
		.program = field[9], .pid = field[10], .time = field[11],
		.nr_frames = n - GRAPH_FIELDS,
	};
	for (unsigned int i = GRAPH_FIELDS; i < n; i++) {
		if (!*field[i])
			return "an empty frame";
		r->frames[i - GRAPH_FIELDS] = field[i];
	}
	return NULL;
}

/*
 * The records of a graph file's text (len bytes, then a '\0'), cut apart in place;
 * each goes to each() when given. NULL when all of it is a graph, or what is wrong,
 * with the line in *line_no.
 */
static const char *graph_text_parse(char *text, size_t len, graph_record_fn each, void *arg,
				    unsigned long *line_no)
{
	struct graph_record r;
	const char *why;
	char *end = text + len;

	*line_no = 1;
	if (!len)
		return NULL;	/* an empty graph */
	if (len < strlen(GRAPH_HEADER) || memcmp(text, GRAPH_HEADER, strlen(GRAPH_HEADER)))
		return strncmp(text, GRAPH_MAGIC, strlen(GRAPH_MAGIC)) ?
		       "not a liblockdep graph file" :
		       "another liblockdep version's format, not format 2";
	for (text += strlen(GRAPH_HEADER); text < end; text++) {
		char *nl = memchr(text, '\n', end - text);

		++*line_no;
		if (!nl)
			return "truncated";
		if (nl - text > GRAPH_LINE_MAX)
			return "a line too long";
		if (memchr(text, '\0', nl - text))
			return "a control character";
		*nl = '\0';
		why = graph_line_parse(text, &r);
		if (why)
			return why;
		if (each && !each(&r, arg))
			break;
		text = nl;
	}
	return NULL;
}

/* The whole file open on fd, in pages of our own followed by a '\0'; NULL if it is
 * not a regular file (of ours, with ours) or cannot be read. */
static char *graph_fd_read(int fd, size_t *len, bool ours, const char **why)
{
	struct stat st;
	size_t done = 0;
	char *text;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		*why = graph_not_regular;
		return NULL;
	}
	if (ours && st.st_uid != geteuid()) {
		*why = "owned by another user";
		return NULL;
	}
	if ((unsigned long)st.st_size > GRAPH_FILE_MAX) {
		*why = "larger than 1 GiB";
		return NULL;
	}
	text = liblockdep_pages_alloc(st.st_size + 1);
	if (!text) {
		*why = "out of memory";
		return NULL;
	}
	while (done < (size_t)st.st_size) {
		ssize_t n = pread(fd, text + done, st.st_size - done, done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		done += n;
	}
	*len = done;
	return text;
}

static void graph_text_free(char *text, size_t len)
{
	if (text)
		liblockdep_pages_free(text, len + 1);
}

/* Does text parse as a graph? Checked on a copy, since parsing cuts it apart. */
static const char *graph_text_check(const char *text, size_t len, unsigned long *line_no)
{
	char *copy = liblockdep_pages_alloc(len + 1);
	const char *why;

	if (!copy)
		return "out of memory";
	memcpy(copy, text, len);
	why = graph_text_parse(copy, len, NULL, NULL, line_no);
	graph_text_free(copy, len);
	return why;
}

/* "path" with a suffix, in buf. */
static const char *graph_path_with(char *buf, size_t size, const char *suffix)
{
	int n = snprintf(buf, size, "%s%s", graph_path, suffix);

	return n > 0 && (size_t)n < size ? buf : NULL;
}

/* A file that is not a graph goes aside (rename() moves a link, never its target). */
static void graph_set_aside(const char *why, unsigned long line_no)
{
	char suffix[32], aside[PATH_MAX];

	snprintf(suffix, sizeof(suffix), ".corrupt.%d", (int)getpid());
	if (graph_path_with(aside, sizeof(aside), suffix) && !rename(graph_path, aside))
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s (line %lu); kept as %s, "
		       "starting from an empty graph\n", graph_path, why, line_no, aside);
	else
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s (line %lu); starting from "
		       "an empty graph\n", graph_path, why, line_no);
}

/* flock() on fd, tried for GRAPH_LOCK_WAIT_MS at most. */
static bool graph_flock(int fd)
{
	struct timespec pause = { 0, 5 * 1000 * 1000 };

	for (unsigned int waited = 0; flock(fd, LOCK_EX | LOCK_NB); waited += 5) {
		if ((errno != EWOULDBLOCK && errno != EINTR) || waited >= GRAPH_LOCK_WAIT_MS)
			return false;
		nanosleep(&pause, NULL);
	}
	return true;
}

/*
 * path.lock, held: the file's writers (and readers) one at a time. -1 if it cannot
 * be had, said in one line that ends with what the process does instead.
 */
static int graph_lock_take(const char *instead)
{
	const char *why = "too long a name";
	char name[PATH_MAX];
	struct stat st;
	int fd = -1;

	if (graph_path_with(name, sizeof(name), ".lock"))
		fd = output_file_open(AT_FDCWD, name, false, NULL, &why);
	if (fd >= 0 && (fstat(fd, &st) || (st.st_mode & (S_IRWXG | S_IRWXO)))) {
		why = "others may open it, and hold it";
		close(fd);
		fd = -1;
	}
	if (fd >= 0 && !graph_flock(fd)) {
		why = errno == EWOULDBLOCK ? "another process holds it, for 5 seconds now" :
		      error_words(errno);
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s.lock: %s; %s\n",
		       graph_path, graph_path, why, instead);
	return fd;
}

/*
 * The file as it is now, checked: NULL if there is none, if it is empty, or if it is
 * not a graph, which is then set aside. A path that is not a regular file is refused
 * for good (graph_path NULL). Under the file's lock.
 */
static char *graph_file_read(size_t *len)
{
	unsigned long line_no = 0;
	const char *why = NULL;
	char *text = NULL;
	int fd = output_openat(AT_FDCWD, graph_path, GRAPH_OPEN_FLAGS | O_NOFOLLOW);

	if (fd < 0) {
		if (errno != ENOENT)
			printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s; starting from an "
			       "empty graph\n", graph_path, output_open_error(AT_FDCWD, graph_path, errno));
		return NULL;
	}
	text = graph_fd_read(fd, len, true, &why);
	close(fd);
	if (text && (!*len || (why = graph_text_check(text, *len, &line_no)))) {
		graph_text_free(text, *len);
		if (why)
			graph_set_aside(why, line_no);
		return NULL;
	}
	if (!text && why == graph_not_regular) {
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s; running without a "
		       "graph\n", graph_path, why);
		graph_path = NULL;
	} else if (!text)
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: %s; starting from an empty "
		       "graph\n", graph_path, why);
	return text;
}

/* Reads on until the graph is full. */
static bool graph_record_keep(const struct graph_record *r, void *block)
{
	graph_record_add(r, block);
	return !graph_deps_full;
}

static unsigned long graph_text_lines(const char *text, size_t len)
{
	unsigned long n = 0;

	for (const char *end = text + len; (text = memchr(text, '\n', end - text)); text++)
		n++;
	return n;
}

/* The records of a checked text into the graph; the text is kept for good. */
static void graph_text_load(char *text, size_t len)
{
	/* Room for every record's frames; pages not used are never touched. */
	struct frame_block *block = frame_block_new(graph_text_lines(text, len) *
						     (1 + GRAPH_MAX_FRAMES));
	unsigned long line_no;

	if (block)
		graph_text_parse(text, len, graph_record_keep, block, &line_no);
}

/* LIBLOCKDEP_GRAPH (an absolute path), when settings are read: the recorded graph,
 * before any lock. */
static void graph_file_start(const char *path)
{
	size_t len;
	char *text;
	int lock;

	if (!path || !*path)
		return;
	graph_path = liblockdep_strdup(path);
	if (!graph_path || (lock = graph_lock_take("running without a graph")) < 0) {
		graph_path = NULL;
		return;
	}
	text = graph_file_read(&len);
	close(lock);
	if (text)
		graph_text_load(text, len);
}

/* The dependencies a file holds, by a hash of their two classes' identities. */
struct graph_keys {
	u64 *slot;
	unsigned long mask;
};

static u64 graph_hash_add(u64 h, const char *s, unsigned int subclass)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (h ^ (0x100 + subclass)) * 0x100000001b3ULL;
}

static u64 graph_identity_hash(const struct graph_class_id *from, const struct graph_class_id *to)
{
	u64 h = 0xcbf29ce484222325ULL;

	h = graph_hash_add(h, from->name, from->subclass);
	h = graph_hash_add(h, from->object, 0);
	h = graph_hash_add(h, from->unit, 0);
	h = graph_hash_add(h, to->name, to->subclass);
	h = graph_hash_add(h, to->object, 0);
	return graph_hash_add(h, to->unit, 0) ?: 1;
}

/* False when the dependency was there already. */
static bool graph_keys_add(struct graph_keys *keys, u64 h)
{
	unsigned long i = (unsigned long)h & keys->mask;

	for (; keys->slot[i]; i = (i + 1) & keys->mask)
		if (keys->slot[i] == h)
			return false;
	keys->slot[i] = h;
	return true;
}

static bool graph_record_key(const struct graph_record *r, void *keys)
{
	graph_keys_add(keys, graph_identity_hash(&r->from, &r->to));
	return true;
}

/* A line being written, cut short (frames left out) rather than past its end. */
struct graph_line {
	char text[GRAPH_LINE_MAX];
	size_t len;
	bool full;
};

static void graph_line_add(struct graph_line *l, char sep, const char *field)
{
	size_t n = strlen(field);

	if (l->full || l->len + 1 + n >= sizeof(l->text)) {
		l->full = true;
		return;
	}
	if (sep)
		l->text[l->len++] = sep;
	for (size_t i = 0; i < n; i++)	/* printable, as a reader requires */
		l->text[l->len++] = (unsigned char)field[i] < 0x20 || field[i] == 0x7f ? '?' : field[i];
}

/* "take_config+0x1c (test_a)", "(test_a, config.c:12)" with its file:line. */
static void graph_frame_text(char *out, size_t size, unsigned long addr)
{
	static char where[512];	/* under the graph lock, as the whole save */
	const char *object = "?";
	struct loaded_object obj;

	if (loaded_object_of(addr, &obj))
		object = obj.path[0] ? sym_basename(obj.path) : process_name();
	if (source_place(addr, where, sizeof(where)))
		liblockdep_snprintk(out, size, "%pS (%s, %s)", (void *)addr, object, where);
	else
		liblockdep_snprintk(out, size, "%pS (%s)", (void *)addr, object);
}

/* "2026-12-03 13:02:11 UTC" */
static void graph_time_text(char *out, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;

	if (!gmtime_r(&now, &tm))
		liblockdep_snprintk(out, size, "%ld", (long)now);
	else
		liblockdep_snprintk(out, size, "%04d-%02d-%02d %02d:%02d:%02d UTC",
				    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
				    tm.tm_hour, tm.tm_min, tm.tm_sec);
}

static void graph_line_add_class(struct graph_line *l, const struct graph_class_id *id)
{
	char subclass[16];

	graph_line_add(l, '\t', id->name);
	liblockdep_snprintk(subclass, sizeof(subclass), "%u", id->subclass);
	graph_line_add(l, '\t', subclass);
	graph_line_add(l, '\t', id->object);
	graph_line_add(l, '\t', id->unit);
}

/* One dependency of lockdep's graph as a line: a recorded one as it was recorded. */
static void graph_line_of(struct graph_line *l, const struct graph_class_id *from,
			  const struct lock_list *e, const struct graph_class_id *to)
{
	const struct graph_dep *d = remembered_dep_of(e->trace);
	char text[64], frame[640];

	l->len = 0;
	l->full = false;
	liblockdep_snprintk(text, sizeof(text), "%u", (unsigned int)e->dep);
	graph_line_add(l, 0, text);
	graph_line_add_class(l, from);
	graph_line_add_class(l, to);
	if (d) {
		graph_line_add(l, '\t', d->program);
		graph_line_add(l, '\t', d->pid);
		graph_line_add(l, '\t', d->time);
	} else {
		graph_line_add(l, '\t', process_name());
		liblockdep_snprintk(text, sizeof(text), "%d", (int)getpid());
		graph_line_add(l, '\t', text);
		graph_time_text(text, sizeof(text));
		graph_line_add(l, '\t', text);
	}
	if (l->full)
		return;
	for (unsigned int i = d ? 1 : 0; e->trace && i < e->trace->nr_entries; i++) {
		size_t len = l->len;

		if (i >= GRAPH_MAX_FRAMES + (d ? 1 : 0))
			break;
		if (d)
			graph_line_add(l, '\t', d->frames[i].text);
		else if (stack_trace_own_entry_frame(e->trace->entries[i]))
			continue;	/* never printed */
		else {
			graph_frame_text(frame, sizeof(frame), e->trace->entries[i]);
			graph_line_add(l, '\t', frame);
		}
		if (l->full) {
			l->len = len;	/* the frames that fit */
			l->full = false;
			break;
		}
	}
	l->text[l->len++] = '\n';
}

/* A name that a reader takes back as it is. */
static bool graph_name_ok(const char *name)
{
	for (; *name; name++)
		if ((unsigned char)*name < 0x20 || *name == 0x7f)
			return false;
	return true;
}

/* A class of lockdep's that the file can hold: carried over, and printable. */
static bool graph_class_written(const struct lock_class *class, struct graph_class_id *id,
				char unit[GRAPH_UNIT_MAX])
{
	return graph_class_id_of(class, id, unit) && graph_name_ok(id->name) &&
	       graph_name_ok(id->object) && graph_name_ok(id->unit);
}

static bool dependency_kept(const struct lock_list *entry);

/*
 * lockdep's dependencies between classes carried over. Without keys, counts those
 * this process found itself (not replayed from the file); with keys, writes to fd
 * each one the file lacks. Returns how many; false *ok if a write failed. Not one
 * that closed a cycle reported here (src/kept_dependencies.c).
 */
static unsigned long graph_deps_write(int fd, struct graph_keys *keys, bool *ok)
{
	/* Under the graph lock, as the whole save. */
	static char from_unit[GRAPH_UNIT_MAX], to_unit[GRAPH_UNIT_MAX];
	static struct graph_line line;
	struct graph_class_id from, to;
	unsigned long n = 0;

	liblockdep_graph_lock();
	for (unsigned long i = 0; i < MAX_LOCKDEP_KEYS; i++) {
		const struct lock_class *class = &lock_classes[i];
		const struct lock_list *e;

		if (!test_bit(i, lock_classes_in_use) || !graph_class_written(class, &from, from_unit))
			continue;
		list_for_each_entry(e, &class->locks_after, entry) {
			if (!graph_class_written(e->class, &to, to_unit) || dependency_kept(e))
				continue;
			if (!keys) {
				n += !remembered_dep_of(e->trace);
				continue;
			}
			if (!graph_keys_add(keys, graph_identity_hash(&from, &to)))
				continue;
			graph_line_of(&line, &from, e, &to);
			*ok = *ok && write_all(fd, line.text, line.len);
			n++;
		}
	}
	liblockdep_graph_unlock();
	return n;
}

/* path.<pid>.tmp: the file as it is now, then this process's additions. */
static bool graph_file_write(const char *tmp, const char *text, size_t len,
			     struct graph_keys *keys)
{
	size_t header = strlen(GRAPH_HEADER);
	bool ok;
	int fd;

	unlink(tmp);	/* left by a process that had this pid and died */
	fd = output_openat(AT_FDCWD, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	ok = write_all(fd, GRAPH_HEADER, header) &&
	     (!text || write_all(fd, text + header, len - header));
	graph_deps_write(fd, keys, &ok);
	ok = !close(fd) && ok;
	if (ok && !rename(tmp, graph_path))
		return true;
	unlink(tmp);
	return false;
}

/*
 * At exit (src/process_exit.c): this process's dependencies merged into the file as
 * it is now, under its lock, unless it found none of its own.
 */
static void graph_file_save(void)
{
	struct graph_keys keys = { NULL, 0 };
	char tmp[PATH_MAX], suffix[32];
	unsigned long lines, line_no, size = 64;
	size_t len = 0, keys_bytes;
	char *text, *copy;
	bool ok = true;
	int lock;

	if (!graph_path || !graph_deps_write(-1, NULL, &ok))
		return;
	if ((lock = graph_lock_take("this process's dependencies are not in it")) < 0)
		return;
	text = graph_file_read(&len);
	if (!graph_path) {
		close(lock);
		return;
	}
	lines = text ? graph_text_lines(text, len) : 0;
	while (size < 2 * (lines + nr_list_entries))
		size *= 2;
	keys_bytes = size * sizeof(*keys.slot);
	keys.slot = liblockdep_pages_alloc(keys_bytes);
	keys.mask = size - 1;
	copy = text && keys.slot ? liblockdep_pages_alloc(len + 1) : NULL;
	if (copy) {
		memcpy(copy, text, len);
		graph_text_parse(copy, len, graph_record_key, &keys, &line_no);
		graph_text_free(copy, len);
	}
	snprintf(suffix, sizeof(suffix), ".%d.tmp", (int)getpid());
	if (!keys.slot || (text && !copy) || !graph_path_with(tmp, sizeof(tmp), suffix) ||
	    !graph_file_write(tmp, text, len, &keys))
		printk(KERN_ERR "liblockdep: LIBLOCKDEP_GRAPH=%s: cannot write it (%s); this "
		       "process's dependencies are not in it\n", graph_path, error_words(errno));
	if (keys.slot)
		liblockdep_pages_free(keys.slot, keys_bytes);
	graph_text_free(text, len);
	close(lock);
}
