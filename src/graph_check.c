/*
 * lockdep --check-graph FILE...: the graph files of CI shards (src/graph_file.c)
 * merged, and every dependency replayed into lockdep (src/graph_replay.c), which
 * reports each cycle among them as in a run, with the recorded stacks of both sides.
 * No program's code is here, so each class of the files gets a class key of its own,
 * named as the file names it.
 */
static const char *graph_check_read(const char *path)
{
	unsigned long line_no = 0;
	const char *why = NULL;
	size_t len = 0;
	char *text;
	int fd = open(path, GRAPH_OPEN_FLAGS);

	if (fd < 0)
		return error_words(errno);
	text = graph_fd_read(fd, &len, false, &why);
	close(fd);
	if (!text)
		return why;
	why = graph_text_check(text, len, &line_no);
	if (why) {
		graph_text_free(text, len);
		return liblockdep_format("%s (line %lu)", why, line_no) ?: why;
	}
	graph_text_load(text, len);
	return NULL;
}

/* A class of the files, made in lockdep. */
static void graph_check_class(struct graph_class *gc)
{
	struct lock_class_key *key = liblockdep_alloc(sizeof(*key));
	struct lockdep_map *map = liblockdep_alloc(sizeof(*map));
	struct lock_class *class;

	if (!key || !map)
		return;
	lockdep_register_key(key);
	lockdep_init_map(map, gc->id.name, key, 0);
	class = graph_class_register(map, gc->id.subclass);
	if (class)
		graph_class_bind(gc, class);
}

LIBLOCKDEP_API int liblockdep_check_graph(int nr_files, char *const files[])
{
	if (!liblockdep_enter((unsigned long)__builtin_return_address(0)))
		return 125;
	for (int i = 0; i < nr_files; i++) {
		const char *why = graph_check_read(files[i]);

		if (why) {
			printk(KERN_ERR "lockdep: --check-graph %s: %s\n", files[i], why);
			return 125;
		}
	}
	internal_lock(&graph_replay_mutex);
	for (unsigned long i = 0; graph_class_hash && i < GRAPH_CLASS_HASH_SIZE; i++)
		for (struct graph_class *gc = graph_class_hash[i]; gc; gc = gc->hash_next)
			graph_check_class(gc);
	internal_unlock(&graph_replay_mutex);
	return 0;
}
