/*
 * Source paths as a reader wants them. The debug information names a file as the
 * build system passed it to the compiler, joined to the compiler's directory:
 * "/src/proj/build/../cache.c". Reports, JSON and SARIF show it as the file it is,
 * "/src/proj/cache.c", so that one file has one name (and a SARIF viewer finds it).
 * Only text: no symbolic link is followed, as the compiler's ".." did not either.
 */
/* An absolute path with "." and ".." taken out and no "//", in place. */
static void path_normalise(char *path)
{
	char *o = path, *p = path;

	while (*p) {
		size_t len;

		while (*p == '/')
			p++;
		len = strcspn(p, "/");
		if (len == 1 && p[0] == '.') {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (o > path && *--o != '/')
				;
		} else if (len) {
			*o++ = '/';
			memmove(o, p, len);
			o += len;
		}
		p += len;
	}
	if (o == path)
		*o++ = '/';
	*o = '\0';
}

/* addr2line's "path:line" (or "path:?", with a " (discriminator N)" after it), its
 * path normalised in place when it is absolute. */
static void source_place_normalise(char *where)
{
	char *colon = strrchr(where, ':'), *end;
	size_t tail;

	if (where[0] != '/' || !colon)
		return;
	tail = strlen(colon) + 1;	/* ":12 (discriminator 3)" and its NUL */
	*colon = '\0';
	path_normalise(where);
	end = where + strlen(where);
	memmove(end, colon, tail);
	*end = ':';
}
