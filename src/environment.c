/*
 * The environment, as untrusted input. A setuid or setgid program, or one with file
 * capabilities, runs with privileges its caller lacks, in an environment its caller
 * chose: the kernel marks it for secure execution (AT_SECURE), and glibc then ignores
 * LD_* and MALLOC_*. liblockdep ignores every LIBLOCKDEP_* variable there the same
 * way: checking follows the build's default, reports go to standard error, no file is
 * written and no program is started. Every setting is read through
 * liblockdep_getenv(), so a variable added later is covered without a second thought.
 */
static bool secure_execution(void)
{
	return getauxval(AT_SECURE) != 0;
}

static const char *liblockdep_getenv(const char *name)
{
	return secure_execution() ? NULL : getenv(name);
}

/* Said once, at the first report, where its reader looks. Called under the graph lock. */
static void secure_execution_note(void)
{
	static bool noted;

	if (noted || !secure_execution())
		return;
	noted = true;
	printk(KERN_WARNING "liblockdep: secure-execution process: LIBLOCKDEP_* ignored, "
	       "reports go to stderr only\n");
}

/*
 * Untrusted text as an error line may show it: every byte outside printable ASCII as
 * \xNN (a newline must not start a line that reads as a report, nor a terminal see
 * an escape or a UTF-8 BOM), each byte of quoted behind a backslash, cut with "..."
 * to fit out, which has room for at least 16 bytes. Returns out.
 */
static const char *text_escape(char *out, size_t size, const char *text, const char *quoted)
{
	static const char hex[] = "0123456789abcdef";
	size_t len = 0;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		/* Room for this byte's longest form, then "..." and the NUL. */
		if (len + 4 + 4 > size) {
			memcpy(out + len, "...", 3);
			len += 3;
			break;
		}
		if (*p < 0x20 || *p > 0x7e) {
			out[len++] = '\\';
			out[len++] = 'x';
			out[len++] = hex[*p >> 4];
			out[len++] = hex[*p & 15];
		} else {
			if (strchr(quoted, *p))
				out[len++] = '\\';
			out[len++] = *p;
		}
	}
	out[len] = '\0';
	return out;
}

/* A value from the environment, shown between quotes. */
static const char *environment_value_escape(char *out, size_t size, const char *value)
{
	return text_escape(out, size, value, "\"\\");
}
