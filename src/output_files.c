/*
 * The files liblockdep writes: the log (LIBLOCKDEP_LOG), the JSON and SARIF files, the
 * dump files (LIBLOCKDEP_DUMP, liblockdep_dump()), the graph file and its lock file
 * (LIBLOCKDEP_GRAPH) and the runner's record. Any may be named in a directory that
 * other users can write to, such as /tmp, by a program running as root, so what
 * another user planted there is never written through. Every one is opened by
 * output_openat(): the directories on its path one at a time from / (or where a
 * relative path starts), none through a symbolic link that someone else could have
 * made or changed, and the file itself as its caller says (O_NOFOLLOW, but for the
 * runner's /proc/<pid>/fd link). The log, JSON, SARIF and dump files must then be
 * ours, checked on the descriptor before anything is truncated or written: owned by
 * the effective user, with no other hard link. A new file is created 0600, less if
 * the umask says so. The log may also be a FIFO or a terminal; a dump file is a
 * regular file. O_NONBLOCK makes opening a FIFO with no reader fail at once instead
 * of waiting for one.
 *
 * The log is opened at its first report, from a lock wrapper or a signal handler:
 * nothing here allocates or takes a lock.
 */

/* strerror() without the locale, which may allocate. */
static const char *error_words(int err)
{
	const char *desc = strerrordesc_np(err);

	return desc ? desc : "unknown error";
}

/* Would only root or the effective user have made or changed the link name in dir? A
 * link that someone else owns, or in a directory that someone else may write to, is
 * not followed; /var/run -> /run is. */
static bool output_link_trusted(int dir, const char *name)
{
	uid_t me = geteuid();
	struct stat link, parent;

	return !fstatat(dir, name, &link, AT_SYMLINK_NOFOLLOW) && S_ISLNK(link.st_mode) &&
	       (link.st_uid == 0 || link.st_uid == me) && !fstat(dir, &parent) &&
	       (parent.st_uid == 0 || parent.st_uid == me) &&
	       !(parent.st_mode & (S_IWGRP | S_IWOTH));
}

/* The directory name in dir, for openat(); -1 with errno ELOOP if it is a link that
 * is not followed. */
static int output_dir_step(int dir, const char *name)
{
	int flags = O_PATH | O_DIRECTORY | O_CLOEXEC;
	int fd = openat(dir, name, flags | O_NOFOLLOW);
	struct stat st;

	if (fd >= 0 || errno != ENOTDIR ||
	    fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISLNK(st.st_mode))
		return fd;
	if (output_link_trusted(dir, name))
		return openat(dir, name, flags);
	errno = ELOOP;
	return -1;
}

/*
 * The directory that holds path's last component, walked one component at a time from
 * / for an absolute path, else from at; *last points at that component in path ("."
 * when path ends with a slash). Returns a descriptor of its own, or -1 with errno.
 */
static int output_dir_walk(int at, const char *path, const char **last)
{
	char name[NAME_MAX + 1];
	const char *slash;
	int dir, next;

	dir = openat(*path == '/' ? AT_FDCWD : at, *path == '/' ? "/" : ".",
		     O_PATH | O_DIRECTORY | O_CLOEXEC);
	for (; dir >= 0 && (slash = strchr(path, '/')); path = slash + 1) {
		if (slash == path)
			continue;
		if (slash - path > NAME_MAX) {
			close(dir);
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(name, path, slash - path);
		name[slash - path] = '\0';
		next = output_dir_step(dir, name);
		close(dir);
		dir = next;
	}
	*last = *path ? path : ".";
	return dir;
}

/* openat(at, path, flags, 0600), through no link on the way that output_dir_step()
 * refuses: what every writer of a file calls. */
static int output_openat(int at, const char *path, int flags)
{
	const char *last;
	int dir = output_dir_walk(at, path, &last);
	int fd, err;

	if (dir < 0)
		return -1;
	fd = openat(dir, last, flags, 0600);
	err = errno;
	close(dir);
	errno = err;
	return fd;
}

/* Why opening path (relative to at) failed with err, in words. */
static const char *output_open_error(int at, const char *path, int err)
{
	const char *last;
	int dir = output_dir_walk(at, path, &last);
	const char *why = error_words(err);
	struct stat st;

	/* Refused by O_NOFOLLOW (ELOOP, ENOTDIR), or by the kernel's own protection
	 * of sticky directories (EACCES): either way, never followed. */
	if (dir < 0 && errno == ELOOP)
		why = "a directory on its path is a symbolic link, not followed";
	else if (dir >= 0 && !fstatat(dir, last, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
		why = "it is a symbolic link, not followed";
	else if (err == ENXIO)
		why = "it is a FIFO with no reader";
	if (dir >= 0)
		close(dir);
	return why;
}

/* Why the file open on fd is not one liblockdep may write, or NULL if it may. */
static const char *output_file_refused(int fd, bool log)
{
	struct stat st;

	if (fstat(fd, &st))
		return error_words(errno);
	if (S_ISCHR(st.st_mode) && log)
		return NULL;	/* a terminal, /dev/null: nothing to take over */
	if (!S_ISREG(st.st_mode) && !(S_ISFIFO(st.st_mode) && log))
		return log ? "it is not a regular file, a FIFO or a terminal"
			   : "it is not a regular file";
	if (st.st_uid != geteuid())
		return "it is owned by another user";
	if (S_ISREG(st.st_mode) && st.st_nlink != 1)
		return "it has another hard link";
	return NULL;
}

/*
 * Does the file on fd begin as text does, up to text's first ':' or '{' (its whole
 * first line if neither comes first)? An earlier dump of the same view does: a file
 * of the user's that happens to have a dump's name does not, nor does an empty one.
 */
static bool output_file_earlier(int fd, const char *text)
{
	size_t len = strcspn(text, ":{\n");
	char head[64];

	len = min(len + (text[len] == ':' || text[len] == '{'), sizeof(head));
	return len && pread(fd, head, len, 0) == (ssize_t)len && !memcmp(head, text, len);
}

/*
 * Opens path (relative to dir, or AT_FDCWD) for writing: the log is appended to,
 * another file truncated. With earlier (a dump file's new text), a file that exists is
 * truncated only if it is an earlier dump (output_file_earlier()). Returns the
 * descriptor, or -1 with *why saying what is wrong.
 */
static int output_file_open(int dir, const char *path, bool log, const char *earlier,
			    const char **why)
{
	int flags = O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC |
		    (log ? O_WRONLY | O_APPEND : earlier ? O_RDWR : O_WRONLY);
	int fd = output_openat(dir, path, flags | (earlier ? O_EXCL : 0));
	bool created = fd >= 0;

	if (fd < 0 && earlier && errno == EEXIST)
		fd = output_openat(dir, path, flags & ~O_CREAT);
	if (fd < 0) {
		*why = output_open_error(dir, path, errno);
		return -1;
	}
	*why = output_file_refused(fd, log);
	if (!*why && earlier && !created && !output_file_earlier(fd, earlier))
		*why = "it is not an earlier dump, kept";
	if (!*why && !log && ftruncate(fd, 0))
		*why = error_words(errno);
	if (!*why && fcntl(fd, F_SETFL, log ? O_APPEND : 0))
		*why = error_words(errno);
	if (*why) {
		close(fd);
		return -1;
	}
	return fd;
}
