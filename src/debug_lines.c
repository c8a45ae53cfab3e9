/*
 * Source lines of code addresses, "/src/proj/cache.c:42", read from the DWARF line
 * tables (.debug_line) of an object built with -g, or of its separate debug file
 * found by build-id (src/symbols.c): what a sanitizer prints by default. Read here,
 * in the reporting process, with no helper process (LIBLOCKDEP_SYMBOLIZE=addr2line
 * starts one) and under the rules of src/symbols.c: memory of our own pages, files
 * read with pread(), everything under sym_lock, which this file takes at its entry
 * and nothing else under it. Only a report (or the graph file's save) asks, so an
 * object's tables are read when an address in it is first placed, and kept with its
 * symbols (struct sym_object) until it is unloaded: .debug_line, the string sections
 * its version 5 file names point into (.debug_line_str, .debug_str), and an index of
 * its sequences, the address ranges of its line programs. A place is then one
 * sequence's program run.
 *
 * DWARF versions 2 to 5 (GCC 12 and clang write 5). A compressed section
 * (SHF_COMPRESSED, as Debian's -dbg packages ship theirs) is not inflated: its
 * frames stay function+offset. The file is untrusted input (tests/fuzz/debug_lines.c):
 * every read is bounds-checked, and a unit that does not parse is skipped.
 *
 * Line tables know no inlining. At -O2 the code of std::mutex, the lock guards and
 * std::thread is inlined into the program's function, and the call into pthread lies
 * on a line of the C++ library's headers (libstdc++'s and libc++'s, in a ".../c++/"
 * directory); the place shown is then the last statement of the program's own before
 * it in that function, the one that took the lock, as the "at:" of a lock skips the
 * plumbing's frames at -O0. A frame in such a header's function, out of line, is in
 * the header.
 */
struct line_sequence {
	unsigned long start, end;	/* link-time addresses, [start, end) */
	size_t unit;			/* its unit's header, in .debug_line */
	size_t ops;			/* its first opcode */
};

/* What is known of one loaded object's lines (its struct sym_object's). */
struct line_object {
	struct sym_buffer line, line_str, str;	/* no data: not there */
	struct line_sequence *seqs;
	size_t nr_seqs, seqs_size;
};

/* A parsed line program header. Its tables are pointed at: the section's bytes stay
 * where they are while it is read. */
struct line_unit {
	size_t offset, end;		/* the unit in .debug_line */
	size_t ops;			/* its first opcode */
	const unsigned char *std_lengths;	/* operands of each standard opcode */
	const unsigned char *dirs, *files;	/* v5: their formats; earlier: entries */
	unsigned int version, offset_size, address_size;
	unsigned int min_insn, line_range, opcode_base;
	int line_base;
	bool default_is_stmt;
	bool uses_strp;			/* names in .debug_str */
};

/* Bytes being read: a read past end marks the cursor bad and reads zeros. */
struct line_cursor {
	const unsigned char *p, *end;
	bool bad;
};

static struct line_cursor line_at(const struct sym_buffer *b, size_t from, size_t to)
{
	const unsigned char *base = b->data;

	return (struct line_cursor){ .p = base + from, .end = base + to, .bad = from > to };
}

static bool line_skip(struct line_cursor *c, uint64_t n)
{
	if (c->bad || n > (uint64_t)(c->end - c->p)) {
		c->bad = true;
		return false;
	}
	c->p += n;
	return true;
}

/* An unsigned number of n bytes (1 to 8) in the object's byte order, the host's
 * (sym_elf_ok()). */
static uint64_t line_u(struct line_cursor *c, unsigned int n)
{
	uint64_t v = 0;
	unsigned char *bytes = (unsigned char *)&v;

	if (!line_skip(c, n))
		return 0;
	if (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
		memcpy(bytes, c->p - n, n);
	else
		memcpy(bytes + sizeof(v) - n, c->p - n, n);
	return v;
}

/* LEB128, unsigned or (signed) sign-extended; bits past 64 are dropped. */
static uint64_t line_leb(struct line_cursor *c, bool is_signed)
{
	uint64_t v = 0;
	unsigned int shift = 0;
	unsigned char byte;

	do {
		byte = line_u(c, 1);
		if (shift < 64)
			v |= (uint64_t)(byte & 0x7f) << shift;
		shift += 7;
	} while ((byte & 0x80) && !c->bad);
	if (is_signed && shift < 64 && (byte & 0x40))
		v |= ~(uint64_t)0 << shift;
	return v;
}

static uint64_t line_uleb(struct line_cursor *c)
{
	return line_leb(c, false);
}

/* A string inside the cursor's bytes; NULL (and bad) when it has no end there. */
static const char *line_string(struct line_cursor *c)
{
	const unsigned char *nul = c->bad ? NULL : memchr(c->p, '\0', c->end - c->p);
	const char *s = (const char *)c->p;

	if (!nul) {
		c->bad = true;
		return NULL;
	}
	c->p = nul + 1;
	return s;
}

/* A string at offset off of a string section; sym_read() ended it with a NUL. */
static const char *line_section_string(const struct sym_buffer *b, uint64_t off)
{
	return b->data && off < b->size - 1 ? (const char *)b->data + off : NULL;
}

enum {
	LINE_FORM_BLOCK = 0x09, LINE_FORM_BLOCK1 = 0x0a, LINE_FORM_DATA1 = 0x0b,
	LINE_FORM_DATA2 = 0x05, LINE_FORM_DATA4 = 0x06, LINE_FORM_DATA8 = 0x07,
	LINE_FORM_DATA16 = 0x1e, LINE_FORM_STRING = 0x08, LINE_FORM_STRP = 0x0e,
	LINE_FORM_LINE_STRP = 0x1f, LINE_FORM_UDATA = 0x0f,
	LINE_CONTENT_PATH = 1, LINE_CONTENT_DIRECTORY = 2,
};

/*
 * One field of a version 5 directory or file entry, in form: its string (a path)
 * or its number (a directory's index), when asked; false for a form not read here
 * (strx, whose table is .debug_info's), which makes the unit unusable.
 */
static bool line_form(struct line_cursor *c, const struct line_object *obj,
		      const struct line_unit *u, uint64_t form, const char **str, uint64_t *num)
{
	const char *s = NULL;
	uint64_t n = 0;

	switch (form) {
	case LINE_FORM_STRING:
		s = line_string(c);
		break;
	case LINE_FORM_LINE_STRP:
		s = line_section_string(&obj->line_str, line_u(c, u->offset_size));
		break;
	case LINE_FORM_STRP:
		s = line_section_string(&obj->str, line_u(c, u->offset_size));
		break;
	case LINE_FORM_UDATA:
		n = line_uleb(c);
		break;
	case LINE_FORM_DATA1:
		n = line_u(c, 1);
		break;
	case LINE_FORM_DATA2:
		n = line_u(c, 2);
		break;
	case LINE_FORM_DATA4:
		n = line_u(c, 4);
		break;
	case LINE_FORM_DATA8:
		n = line_u(c, 8);
		break;
	case LINE_FORM_DATA16:
		line_skip(c, 16);
		break;
	case LINE_FORM_BLOCK:
		line_skip(c, line_uleb(c));
		break;
	case LINE_FORM_BLOCK1:
		line_skip(c, line_u(c, 1));
		break;
	default:
		return false;
	}
	if (str)
		*str = s;
	if (num)
		*num = n;
	return !c->bad;
}

/* A version 5 table: its format (a count, then pairs of content type and form), kept
 * in *format, and its number of entries; the cursor is left at its first entry. */
struct line_v5_table {
	const unsigned char *format;
	unsigned int nr_fields;
	uint64_t count;
};

static bool line_v5_table(struct line_cursor *c, struct line_v5_table *t, bool *uses_strp)
{
	t->nr_fields = line_u(c, 1);
	t->format = c->p;
	for (unsigned int i = 0; i < t->nr_fields && !c->bad; i++) {
		line_uleb(c);
		if (line_uleb(c) == LINE_FORM_STRP && uses_strp)
			*uses_strp = true;
	}
	t->count = line_uleb(c);
	/* Every form takes a byte at least, so that count is bounded by the bytes. */
	return !c->bad && (t->nr_fields || !t->count);
}

/*
 * Entry index of a version 5 table (the cursor at its first entry): its path and
 * directory index, when asked; false when there is none or it does not parse. With
 * index ~0, skips the whole table.
 */
static bool line_v5_entry(struct line_cursor *c, const struct line_object *obj,
			  const struct line_unit *u, const struct line_v5_table *t,
			  uint64_t index, const char **path, uint64_t *dir)
{
	for (uint64_t i = 0; i < t->count; i++) {
		struct line_cursor f = { t->format, c->end, false };
		bool want = i == index;

		for (unsigned int k = 0; k < t->nr_fields; k++) {
			uint64_t content = line_uleb(&f), form = line_uleb(&f);

			if (f.bad || !line_form(c, obj, u, form,
						want && content == LINE_CONTENT_PATH ? path : NULL,
						want && content == LINE_CONTENT_DIRECTORY ? dir : NULL))
				return false;
		}
		if (want)
			return *path;
	}
	return index == ~(uint64_t)0;
}

/* The header of the unit at offset off; false when it does not parse. */
static bool line_unit_read(const struct line_object *obj, size_t off, struct line_unit *u)
{
	const unsigned char *base = obj->line.data;
	struct line_cursor c = line_at(&obj->line, off, obj->line.size - 1);
	struct line_v5_table t;
	uint64_t len, header_len;

	*u = (struct line_unit){ .offset = off, .offset_size = 4 };
	len = line_u(&c, 4);
	if (len == 0xffffffff) {
		u->offset_size = 8;
		len = line_u(&c, 8);
	} else if (len >= 0xfffffff0) {
		return false;
	}
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return false;
	c.end = c.p + len;
	u->end = c.end - base;
	u->version = line_u(&c, 2);
	if (u->version < 2 || u->version > 5)
		return false;
	u->address_size = sizeof(unsigned long);
	if (u->version == 5) {
		u->address_size = line_u(&c, 1);
		line_u(&c, 1);	/* segment selector size */
	}
	header_len = line_u(&c, u->offset_size);
	if (c.bad || header_len > (uint64_t)(c.end - c.p))
		return false;
	u->ops = c.p + header_len - base;
	c.end = c.p + header_len;	/* the header's own fields */
	u->min_insn = line_u(&c, 1);
	if (u->version >= 4)
		line_u(&c, 1);	/* operations per instruction: 1 but on VLIW */
	u->default_is_stmt = line_u(&c, 1);
	u->line_base = (signed char)line_u(&c, 1);
	u->line_range = line_u(&c, 1);
	u->opcode_base = line_u(&c, 1);
	u->std_lengths = c.p;
	if (c.bad || !u->line_range || !u->opcode_base || !line_skip(&c, u->opcode_base - 1) ||
	    (u->address_size != 4 && u->address_size != 8))
		return false;
	u->dirs = c.p;
	if (u->version < 5) {
		const char *dir;

		while ((dir = line_string(&c)) && *dir)
			;
		u->files = c.p;
		return !c.bad;
	}
	if (!line_v5_table(&c, &t, &u->uses_strp) ||
	    !line_v5_entry(&c, obj, u, &t, ~(uint64_t)0, NULL, NULL))
		return false;
	u->files = c.p;
	return line_v5_table(&c, &t, &u->uses_strp);
}

/* The path and directory index of entry index of a version 5 unit's table at table
 * (u->dirs or u->files). */
static bool line_v5_lookup(const struct line_object *obj, const struct line_unit *u,
			   const unsigned char *table, uint64_t index, const char **path,
			   uint64_t *dir)
{
	struct line_cursor c = { table, (const unsigned char *)obj->line.data + u->ops, false };
	struct line_v5_table t;

	*path = NULL;
	*dir = 0;
	return line_v5_table(&c, &t, NULL) && line_v5_entry(&c, obj, u, &t, index, path, dir);
}

/* The string entry index (from 0) of an earlier version's list of directories. */
static const char *line_v4_dir(const struct line_unit *u, uint64_t index)
{
	struct line_cursor c = { u->dirs, u->files, false };
	const char *dir;

	while ((dir = line_string(&c)) && *dir)
		if (!index--)
			return dir;
	return NULL;
}

/* File index (from 1) of an earlier version's list: its name and directory index. */
static const char *line_v4_file(const struct line_object *obj, const struct line_unit *u,
				uint64_t index, uint64_t *dir)
{
	struct line_cursor c = { u->files, (const unsigned char *)obj->line.data + u->ops, false };
	const char *name;

	while ((name = line_string(&c)) && *name) {
		*dir = line_uleb(&c);
		line_uleb(&c);	/* modification time */
		line_uleb(&c);	/* size */
		if (!--index)
			return c.bad ? NULL : name;
	}
	return NULL;
}

/* Appends s to out[*len], within size; false when it does not fit. */
static bool line_append(char *out, size_t size, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (n >= size - *len)
		return false;
	memcpy(out + *len, s, n + 1);
	*len += n;
	return true;
}

/*
 * The path of file index of the unit, as the compiler recorded it: a name joined to
 * its directory, which a version 5 table gives relative to its directory 0 (the
 * compilation's). An earlier version's directory 0 is the compilation's, named only
 * in .debug_info: such a name stays relative to it.
 */
static bool line_file_path(const struct line_object *obj, const struct line_unit *u,
			   uint64_t index, char *out, size_t size)
{
	const char *name, *dir = NULL, *top = NULL;
	uint64_t dir_index, unused;
	size_t len = 0;

	out[0] = '\0';
	if (u->version == 5) {
		if (!line_v5_lookup(obj, u, u->files, index, &name, &dir_index) ||
		    (name[0] != '/' && !line_v5_lookup(obj, u, u->dirs, dir_index, &dir, &unused)))
			return false;
		if (name[0] != '/' && dir[0] != '/' && dir_index &&
		    !line_v5_lookup(obj, u, u->dirs, 0, &top, &unused))
			return false;
	} else {
		name = line_v4_file(obj, u, index, &dir_index);
		if (!name || (name[0] != '/' && dir_index &&
			      !(dir = line_v4_dir(u, dir_index - 1))))
			return false;
	}
	if (name[0] == '/')
		return line_append(out, size, &len, name);
	if (top && !(line_append(out, size, &len, top) && line_append(out, size, &len, "/")))
		return false;
	if (dir && dir[0] && !(line_append(out, size, &len, dir) && line_append(out, size, &len, "/")))
		return false;
	return line_append(out, size, &len, name);
}

/* One row of a line table, and what a run of a program is for. */
struct line_row {
	unsigned long address;
	uint64_t file;
	uint64_t line;		/* from 1; a table's arithmetic wraps */
	bool is_stmt;		/* a statement begins here */
};

struct line_run {
	/* Indexing: sequences counted, and stored when seqs is not NULL. */
	struct line_sequence *seqs;
	size_t nr_seqs, seqs_max, seq_ops;
	unsigned long seq_start;
	bool in_sequence;
	/* Looking up addr in one sequence, from the row of function (or 0). */
	bool looking;
	unsigned long addr, function;
	struct line_row found, user;
	bool any_found, any_user;
	uint64_t library_file;		/* a file of the C++ library's, found so */
	uint64_t checked_file;		/* the last file known to be the program's */
	bool done;
};

/* Whether file of the unit is a header of the C++ library's (see the top). */
static bool line_library_file(const struct line_object *obj, const struct line_unit *u,
			       struct line_run *run, uint64_t file)
{
	static char path[PATH_MAX];

	if (file == run->library_file)
		return true;
	if (file == run->checked_file)
		return false;
	if (line_file_path(obj, u, file, path, sizeof(path)) && strstr(path, "/c++/")) {
		run->library_file = file;
		return true;
	}
	run->checked_file = file;
	return false;
}

/* A row the program emitted: the sequence it ends, or the place of addr. */
static void line_row(const struct line_object *obj, const struct line_unit *u,
		     struct line_run *run, const struct line_row *row, bool end, size_t next)
{
	if (!run->looking) {
		if (!run->in_sequence)
			run->seq_start = row->address;
		run->in_sequence = !end;
		if (end && run->seq_start && run->seq_start < row->address) {
			if (run->seqs && run->nr_seqs < run->seqs_max)
				run->seqs[run->nr_seqs] = (struct line_sequence){
					run->seq_start, row->address, u->offset, run->seq_ops };
			run->nr_seqs++;
		}
		if (end)
			run->seq_ops = next;
		return;
	}
	if (row->address > run->addr || end) {
		run->done = true;
		return;
	}
	run->found = *row;
	run->any_found = true;
	if (row->is_stmt && row->address >= run->function &&
	    !line_library_file(obj, u, run, row->file)) {
		run->user = *row;
		run->any_user = true;
	}
}

/*
 * Runs the line program of unit u from ops to its end, or until the run is done:
 * the state machine of DWARF's section 6.2, each row handed to line_row().
 */
static void line_program(const struct line_object *obj, const struct line_unit *u,
			 size_t ops, struct line_run *run)
{
	struct line_cursor c = line_at(&obj->line, ops, u->end);
	const struct line_row start = { .file = 1, .line = 1, .is_stmt = u->default_is_stmt };
	struct line_row row = start;
	unsigned int op, adjusted;
	uint64_t len;

	run->seq_ops = ops;
	while (!c.bad && c.p < c.end && !run->done) {
		op = line_u(&c, 1);
		if (op >= u->opcode_base) {
			adjusted = op - u->opcode_base;
			row.address += (unsigned long)u->min_insn * (adjusted / u->line_range);
			row.line += (uint64_t)(int64_t)(u->line_base + (int)(adjusted % u->line_range));
			line_row(obj, u, run, &row, false, 0);
			continue;
		}
		switch (op) {
		case 0:	/* extended */
			len = line_uleb(&c);
			if (!len || len > (uint64_t)(c.end - c.p)) {
				c.bad = true;
				break;
			}
			op = line_u(&c, 1);
			if (op == 2 && len - 1 == u->address_size) {	/* set_address */
				row.address = line_u(&c, u->address_size);
				break;
			}
			line_skip(&c, len - 1);
			if (op == 1) {		/* end_sequence */
				line_row(obj, u, run, &row, true,
					 c.p - (const unsigned char *)obj->line.data);
				row = start;
			}
			break;
		case 1:	/* copy */
			line_row(obj, u, run, &row, false, 0);
			break;
		case 2:	/* advance_pc */
			row.address += u->min_insn * line_uleb(&c);
			break;
		case 3:	/* advance_line */
			row.line += line_leb(&c, true);
			break;
		case 4:	/* set_file */
			row.file = line_uleb(&c);
			break;
		case 6:	/* negate_stmt */
			row.is_stmt = !row.is_stmt;
			break;
		case 8:	/* const_add_pc */
			row.address += (unsigned long)u->min_insn *
				       ((255 - u->opcode_base) / u->line_range);
			break;
		case 9:	/* fixed_advance_pc */
			row.address += line_u(&c, 2);
			break;
		default:	/* others change nothing kept here: skip their operands */
			for (unsigned int i = 0; i < u->std_lengths[op - 1]; i++)
				line_uleb(&c);
		}
	}
}

/* Indexes the sequences of every unit, counted first, then stored; a unit whose
 * header does not parse is skipped. Returns whether some unit names its files in
 * .debug_str. */
static bool line_index(struct line_object *obj)
{
	size_t off, size = obj->line.size - 1;
	struct line_run run = { 0 };
	bool uses_strp = false;
	struct line_unit u;

	for (int pass = 0; pass < 2; pass++) {
		for (off = 0; off < size; off = u.end) {
			bool ok = line_unit_read(obj, off, &u);

			if (u.end <= off)
				break;	/* no length: nothing after it can be found */
			uses_strp |= u.uses_strp;
			run.in_sequence = false;
			if (ok)
				line_program(obj, &u, u.ops, &run);
		}
		if (pass || !run.nr_seqs)
			break;
		obj->seqs_size = run.nr_seqs * sizeof(*obj->seqs);
		obj->seqs = liblockdep_pages_alloc(obj->seqs_size);
		if (!obj->seqs)
			break;
		run = (struct line_run){ .seqs = obj->seqs, .seqs_max = run.nr_seqs };
	}
	obj->nr_seqs = obj->seqs ? min(run.nr_seqs, run.seqs_max) : 0;
	return uses_strp;
}

/* A section's bytes into b, unless it is compressed (left to addr2line); no data
 * when it cannot be read. */
static void line_section_read(int fd, off_t file_size, const Elf64_Shdr *sh,
			      struct sym_buffer *b)
{
	if (sh && !(sh->sh_flags & SHF_COMPRESSED) && !sym_read(fd, file_size, sh->sh_offset,
								sh->sh_size, b)) {
		sym_unread(b);
		*b = (struct sym_buffer){ 0 };
	}
}

/*
 * The line table of the file at path, read into obj; or, when the file has none, its
 * separate debug file's (once: with_debug false), which has it at the same addresses.
 */
static void line_load_file(struct line_object *obj, const char *path, bool with_debug)
{
	const Elf64_Shdr *s, *line = NULL, *line_str = NULL, *str = NULL;
	struct sym_buffer sh = { 0 }, names = { 0 };
	Elf64_Ehdr eh;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) || !sym_elf_ok(&eh) ||
	    eh.e_shstrndx >= eh.e_shnum ||
	    !sym_read(fd, st.st_size, eh.e_shoff, (Elf64_Xword)eh.e_shnum * sizeof(Elf64_Shdr),
		      &sh))
		goto out;
	s = sh.data;
	if (!sym_read(fd, st.st_size, s[eh.e_shstrndx].sh_offset, s[eh.e_shstrndx].sh_size,
		      &names))
		goto out;
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		const char *name = (const char *)names.data + s[i].sh_name;

		if (s[i].sh_name >= s[eh.e_shstrndx].sh_size || s[i].sh_type == SHT_NOBITS)
			continue;
		if (!strcmp(name, ".debug_line"))
			line = &s[i];
		else if (!strcmp(name, ".debug_line_str"))
			line_str = &s[i];
		else if (!strcmp(name, ".debug_str"))
			str = &s[i];
	}
	if (line) {
		line_section_read(fd, st.st_size, line, &obj->line);
		line_section_read(fd, st.st_size, line_str, &obj->line_str);
		if (obj->line.data && line_index(obj))
			line_section_read(fd, st.st_size, str, &obj->str);
	} else if (with_debug && sym_debug_file(fd, st.st_size, sh.data, eh.e_shnum)) {
		line_load_file(obj, sym_debug_path, false);
	}
out:
	sym_unread(&names);
	sym_unread(&sh);
	close(fd);
}

/* What was read of an object is given back (sym_forget_range(): it is unloaded). */
static void line_release(struct line_object *obj)
{
	if (!obj)
		return;
	sym_unread(&obj->line);
	sym_unread(&obj->line_str);
	sym_unread(&obj->str);
	if (obj->seqs)
		liblockdep_pages_free(obj->seqs, obj->seqs_size);
	*obj = (struct line_object){ 0 };
}

/* The line tables of a loaded object, read when first asked. Called with sym_lock
 * held. */
static struct line_object *line_object_get(struct sym_object *sym, const char *path)
{
	if (sym->lines)
		return sym->lines;
	sym->lines = liblockdep_alloc(sizeof(*sym->lines));
	/* An object without a path, such as the vdso, has no file to read. */
	if (sym->lines && !path[0])
		line_load_file(sym->lines, "/proc/self/exe", true);
	else if (sym->lines && strchr(path, '/'))
		line_load_file(sym->lines, path, true);
	return sym->lines;
}

/* ":line" after the path in out[*len]. */
static bool line_number_append(char *out, size_t size, size_t *len, uint64_t line)
{
	char digits[24], *p = digits + sizeof(digits);

	*--p = '\0';
	do
		*--p = '0' + line % 10;
	while ((line /= 10));
	*--p = ':';
	return line_append(out, size, len, p);
}

/* The place of link-time address addr in obj, from the row of function on (see the
 * top of the file). */
static bool line_place(const struct line_object *obj, unsigned long addr,
		       unsigned long function, char *out, size_t size)
{
	const struct line_sequence *seq = NULL;
	const struct line_row *row;
	struct line_unit u;
	struct line_run run = { .looking = true, .addr = addr, .function = function,
				.library_file = ~(uint64_t)0, .checked_file = ~(uint64_t)0 };
	size_t len;

	for (size_t i = 0; i < obj->nr_seqs && !seq; i++)
		if (addr - obj->seqs[i].start < obj->seqs[i].end - obj->seqs[i].start)
			seq = &obj->seqs[i];
	if (!seq || !line_unit_read(obj, seq->unit, &u))
		return false;
	line_program(obj, &u, seq->ops, &run);
	if (!run.any_found)
		return false;
	row = &run.found;
	if (run.any_user && line_library_file(obj, &u, &run, row->file))
		row = &run.user;
	if (!row->line || !line_file_path(obj, &u, row->file, out, size))
		return false;
	len = strlen(out);
	return line_number_append(out, size, &len, row->line);
}

/*
 * "path:line" of the instruction at addr (not a return address: the call before it)
 * into out[size], the path as the debug information names it; function is the start
 * of the function addr lies in, 0 when not known. False when no line table places it.
 */
static bool debug_line_at(unsigned long addr, unsigned long function, char *out, size_t size)
{
	int saved_errno = errno;
	struct loaded_object lo;
	struct line_object *obj;
	struct sym_object *sym;
	bool found = false;

	if (!loaded_object_of(addr, &lo))
		return false;
	internal_lock(&sym_lock);
	sym = sym_object_get(&lo);
	obj = sym ? line_object_get(sym, lo.path) : NULL;
	if (obj)
		found = line_place(obj, addr - lo.bias, function ? function - lo.bias : 0, out, size);
	internal_unlock(&sym_lock);
	errno = saved_errno;
	return found;
}
