/*
 * The files liblockdep writes: the log (LIBLOCKDEP_LOG) and the dump files
 * (LIBLOCKDEP_DUMP, liblockdep_dump()). Either may be named in a directory that other
 * users can write to, such as /tmp, by a program running as root, so what another
 * user planted there is never written through: the last component is opened with
 * O_NOFOLLOW (a symbolic link fails), and the open file must be ours, checked on the
 * descriptor before anything is truncated or written: owned by the effective user,
 * with no other hard link. A new file is created 0600, less if the umask says so.
 * The log may also be a FIFO or a terminal; a dump file is a regular file. O_NONBLOCK
 * makes opening a FIFO with no reader fail at once instead of waiting for one.
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

/* Why opening name in dir failed with err, in words. */
static const char *output_open_error(int dir, const char *name, int err)
{
	struct stat st;

	/* Refused by O_NOFOLLOW (ELOOP, ENOTDIR), or by the kernel's own protection
	 * of sticky directories (EACCES): either way, never followed. */
	if (!fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) && S_ISLNK(st.st_mode))
		return "it is a symbolic link, not followed";
	if (err == ENXIO)
		return "it is a FIFO with no reader";
	return error_words(err);
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
 * Opens name (relative to dir, or AT_FDCWD) for writing: the log is appended to, a
 * dump file truncated. Returns the descriptor, or -1 with *why saying what is wrong.
 */
static int output_file_open(int dir, const char *name, bool log, const char **why)
{
	int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
	int fd = openat(dir, name, flags | (log ? O_APPEND : 0), 0600);

	if (fd < 0) {
		*why = output_open_error(dir, name, errno);
		return -1;
	}
	*why = output_file_refused(fd, log);
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
