/*
 * Names for addresses, as the kernel's kallsyms gives them: lockdep names lock
 * classes and stack frames after symbols. dladdr() only knows exported symbols, so
 * each loaded object's own ELF symbol table is read from its file, once, when an
 * address in it is first named (src/loaded_objects.c finds the object), or from its
 * separate debug file when it has none (Debian's libc: libc6-dbg).
 *
 * This runs in lock wrappers and signal handlers, so it uses nothing that may lock or
 * allocate: memory comes from the arena (src/arena.c) and is never given back
 * (names handed out stay valid, lock classes keep them), files are read with
 * open/pread/close, tables are sorted by a heap sort of ours, C++ names demangled by src/demangle.c, and every
 * buffer is static, under sym_lock. sym_lock is a leaf: it is taken under the lock
 * table's, the lock sites' and the graph lock, and takes nothing. open() and pread()
 * are cancellation points; they run only inside its internal_lock() section.
 *
 * A static (STB_LOCAL) symbol is known with its source file, its unit: two programs
 * may each have a "static pthread_mutex_t lock", and a graph across processes
 * (src/graph_replay.c) must tell them apart. In .symtab a unit's static symbols
 * follow its STT_FILE entry ("config_cache.c", as the compiler names it). GCC names
 * only the file, not its directory: a/log.c and b/log.c of one program are both
 * "log.c", and numbering them by their place in the link would swap them between
 * programs linked in another order. So the statics of a unit whose name another
 * unit of the object shares are of no known unit (""), as after "strip -g".
 */
struct sym_entry {
	unsigned long addr;
	unsigned long size;
	const char *name;
};

/* A symbol's unit: an index into its object's unit_names, where these two come first. */
enum { SYM_UNIT_NONE, SYM_UNIT_UNKNOWN, SYM_UNITS_NAMED };

/* One loaded object. Forgotten (sym_forget_range()) when it is unloaded, but its
 * memory is kept: the names it handed out outlive it. */
struct sym_object {
	struct sym_object *next;
	unsigned long start, end;	/* its mapping */
	const char *path;		/* as the loader has it: "" for the program */
	const char *object;		/* its file's name, for "libc.so.6+0x27d8a" */
	struct sym_entry *syms;
	unsigned int *units;		/* syms[i]'s unit is unit_names[units[i]] */
	const char **unit_names;	/* NULL for none, "" for unknown, then the files */
	size_t nr_syms;
	struct line_object *lines;	/* its line tables, once asked (src/debug_lines.c) */
};

static void line_release(struct line_object *lines);

static pthread_mutex_t sym_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sym_object *sym_objects;
static struct demangler sym_demangler;
static char sym_text[PATH_MAX];	/* a path being read, a name being demangled */

static const char *sym_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Aliases share an address. The plainest name (printf, not _IO_printf; frexp, not
 * frexpf64) sorts last, because a lookup scans backwards from the last candidate. */
static bool sym_before(const struct sym_entry *x, const struct sym_entry *y)
{
	size_t ux, uy, lx, ly;

	if (x->addr != y->addr)
		return x->addr < y->addr;
	ux = strspn(x->name, "_");
	uy = strspn(y->name, "_");
	if (ux != uy)
		return ux > uy;
	lx = strlen(x->name);
	ly = strlen(y->name);
	if (lx != ly)
		return lx > ly;
	return strcmp(y->name, x->name) < 0;
}

static void sym_swap(struct sym_entry *s, unsigned int *units, size_t i, size_t j)
{
	struct sym_entry tmp = s[i];
	unsigned int unit = units[i];

	s[i] = s[j];
	s[j] = tmp;
	units[i] = units[j];
	units[j] = unit;
}

static void sym_sift_down(struct sym_entry *s, unsigned int *units, size_t root, size_t n)
{
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && sym_before(&s[child], &s[child + 1]))
			child++;
		if (!sym_before(&s[root], &s[child]))
			return;
		sym_swap(s, units, root, child);
		root = child;
	}
}

/* A heap sort: in place, no recursion, and no qsort(), which may allocate. Each
 * symbol's unit moves with it. */
static void sym_sort(struct sym_entry *s, unsigned int *units, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		sym_sift_down(s, units, i, n);
	for (i = n; i-- > 1;) {
		sym_swap(s, units, 0, i);
		sym_sift_down(s, units, 0, i);
	}
}

static bool sym_keep(const Elf64_Sym *es, size_t strsz)
{
	unsigned char type = ELF64_ST_TYPE(es->st_info);

	/* Absolute symbols are constants, not places in the object. */
	return (type == STT_FUNC || type == STT_OBJECT) && es->st_value &&
	       es->st_shndx != SHN_UNDEF && es->st_shndx != SHN_ABS &&
	       es->st_name && es->st_name < strsz;
}

/* A source file's name, as STT_FILE gives it. None for a linker's own symbols (""),
 * and none for lld's one unit of a link-time-optimised program ("ld-temp.o"), where
 * every static symbol of the program lands. */
static bool sym_unit_named(const Elf64_Sym *es, const char *strs, size_t strsz)
{
	return ELF64_ST_TYPE(es->st_info) == STT_FILE && es->st_name && es->st_name < strsz &&
	       strs[es->st_name] && strcmp(strs + es->st_name, "ld-temp.o");
}

/* The unit of a kept symbol, the last source file before it. A hidden symbol made
 * local by the link is unique in its object as a global is: of no unit. */
static unsigned int sym_unit_of(const Elf64_Sym *es, unsigned int unit)
{
	if (ELF64_ST_BIND(es->st_info) != STB_LOCAL ||
	    ELF64_ST_VISIBILITY(es->st_other) != STV_DEFAULT)
		return SYM_UNIT_NONE;
	return unit;
}

/* The symbols of a unit whose name another unit of the object shares (see above)
 * are of no known unit; all statics are, if memory runs out. */
static void sym_units_unique(struct sym_object *obj, size_t nr_units)
{
	struct { const char *name; size_t unit; } *slot;
	size_t i, h, size = 64, bytes;
	bool *shared;

	while (size < 2 * nr_units)
		size *= 2;
	bytes = size * sizeof(*slot) + nr_units * sizeof(*shared);
	slot = liblockdep_pages_alloc(bytes);
	shared = slot ? (bool *)(slot + size) : NULL;
	for (i = SYM_UNITS_NAMED; slot && i < nr_units; i++) {
		const char *name = obj->unit_names[i];

		h = jhash(name, strlen(name), 0) & (size - 1);
		for (; slot[h].name && strcmp(slot[h].name, name); h = (h + 1) & (size - 1))
			;
		if (slot[h].name) {
			shared[slot[h].unit] = shared[i] = true;
		} else {
			slot[h].name = name;
			slot[h].unit = i;
		}
	}
	for (i = 0; i < obj->nr_syms; i++)
		if (obj->units[i] >= SYM_UNITS_NAMED && (!shared || shared[obj->units[i]]))
			obj->units[i] = SYM_UNIT_UNKNOWN;
	if (slot)
		liblockdep_pages_free(slot, bytes);
}

/* The names are copied next to the entries, with their units and the units' names:
 * one block per object, and the file's much larger string table can go. A .symtab
 * names a versioned symbol "memcpy@@GLIBC_2.14": copied without its version, as
 * .dynsym has it. */
static void sym_fill(struct sym_object *obj, unsigned long bias, const Elf64_Sym *es,
		     size_t n, const char *strs, size_t strsz)
{
	size_t i, len, nr = 0, nr_units = SYM_UNITS_NAMED, bytes = 0;
	unsigned int unit = SYM_UNIT_UNKNOWN, *units;
	struct sym_entry *s;
	char *names;

	for (i = 0; i < n; i++) {
		if (sym_keep(&es[i], strsz)) {
			nr++;
			bytes += strcspn(strs + es[i].st_name, "@") + 1;
		} else if (sym_unit_named(&es[i], strs, strsz)) {
			nr_units++;
			bytes += strlen(strs + es[i].st_name) + 1;
		}
	}
	if (!nr || nr_units > UINT_MAX)
		return;
	s = liblockdep_alloc(nr * (sizeof(*s) + sizeof(*units)) +
			     nr_units * sizeof(*obj->unit_names) + bytes);
	if (!s)
		return;
	obj->syms = s;
	obj->nr_syms = nr;
	obj->unit_names = (const char **)(s + nr);
	obj->units = units = (unsigned int *)(obj->unit_names + nr_units);
	names = (char *)(units + nr);
	obj->unit_names[SYM_UNIT_NONE] = NULL;
	obj->unit_names[SYM_UNIT_UNKNOWN] = "";
	nr_units = SYM_UNITS_NAMED;
	for (i = 0; i < n; i++) {
		if (ELF64_ST_TYPE(es[i].st_info) == STT_FILE) {
			unit = SYM_UNIT_UNKNOWN;
			if (!sym_unit_named(&es[i], strs, strsz))
				continue;
			unit = nr_units++;
			obj->unit_names[unit] = names;
			names = stpcpy(names, strs + es[i].st_name) + 1;
			continue;
		}
		if (!sym_keep(&es[i], strsz))
			continue;
		s->addr = bias + es[i].st_value;
		s->size = es[i].st_size;
		s->name = names;
		*units++ = sym_unit_of(&es[i], unit);
		len = strcspn(strs + es[i].st_name, "@");
		memcpy(names, strs + es[i].st_name, len);
		names[len] = '\0';
		names += len + 1;
		s++;
	}
	sym_units_unique(obj, nr_units);
	sym_sort(obj->syms, obj->units, nr);
}

/* A file's bytes, read into memory of their own; sym_unread() gives it back. */
struct sym_buffer {
	void *data;
	size_t size;
};

/* len bytes at off, NUL-terminated so that a string table always ends in one. */
static bool sym_read(int fd, off_t file_size, Elf64_Off off, Elf64_Xword len,
		     struct sym_buffer *buf)
{
	buf->data = NULL;
	if (off > (Elf64_Off)file_size || len > (Elf64_Off)file_size - off)
		return false;
	buf->size = len + 1;
	buf->data = liblockdep_pages_alloc(buf->size);
	if (buf->data && pread(fd, buf->data, len, off) == (ssize_t)len)
		return true;
	return false;
}

static void sym_unread(struct sym_buffer *buf)
{
	if (buf->data)
		liblockdep_pages_free(buf->data, buf->size);
}

static bool sym_elf_ok(const Elf64_Ehdr *eh)
{
	return !memcmp(eh->e_ident, ELFMAG, SELFMAG) &&
	       eh->e_ident[EI_CLASS] == ELFCLASS64 &&
	       eh->e_ident[EI_DATA] == (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ?
					ELFDATA2LSB : ELFDATA2MSB) &&
	       eh->e_shentsize == sizeof(Elf64_Shdr) && eh->e_shnum;
}

/* .symtab has the static symbols; a stripped file has only .dynsym. */
static const Elf64_Shdr *sym_section(const Elf64_Shdr *sh, unsigned int n)
{
	const Elf64_Shdr *dynsym = NULL;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (sh[i].sh_entsize != sizeof(Elf64_Sym) || sh[i].sh_link >= n ||
		    sh[sh[i].sh_link].sh_type != SHT_STRTAB)
			continue;
		if (sh[i].sh_type == SHT_SYMTAB)
			return &sh[i];
		if (sh[i].sh_type == SHT_DYNSYM)
			dynsym = &sh[i];
	}
	return dynsym;
}

/* Notes are read from a section this size at most: a build-id note is 36 bytes. */
#define SYM_NOTES_MAX	4096
#define SYM_DEBUG_DIR	"/usr/lib/debug/.build-id/"

/* The separate debug file of a file without .symtab, found by its build-id as gdb
 * finds it (Debian's -dbg and -dbgsym packages): "/usr/lib/debug/.build-id/ab/cdef...
 * .debug", written to sym_debug_path. False when the file has no build-id note. */
static char sym_debug_path[sizeof(SYM_DEBUG_DIR) + 2 * 64 + sizeof("/.debug")];

static bool sym_debug_file_of(const unsigned char *id, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	char *p = stpcpy(sym_debug_path, SYM_DEBUG_DIR);

	if (len < 2 || len > 64)
		return false;
	for (size_t i = 0; i < len; i++) {
		*p++ = hex[id[i] >> 4];
		*p++ = hex[id[i] & 15];
		if (!i)
			*p++ = '/';
	}
	strcpy(p, ".debug");
	return true;
}

/* The GNU build-id note among the notes of one section, bytes [0, size). */
static bool sym_build_id_note(const unsigned char *notes, size_t size)
{
	Elf64_Nhdr nh;
	size_t off = 0, name, desc;

	while (size - off >= sizeof(nh)) {
		memcpy(&nh, notes + off, sizeof(nh));
		name = off + sizeof(nh);
		desc = name + (((size_t)nh.n_namesz + 3) & ~(size_t)3);
		if (desc > size || size - desc < nh.n_descsz)
			return false;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp(notes + name, "GNU", 4))
			return sym_debug_file_of(notes + desc, nh.n_descsz);
		off = desc + (((size_t)nh.n_descsz + 3) & ~(size_t)3);
		if (off > size)
			return false;
	}
	return false;
}

static bool sym_debug_file(int fd, off_t file_size, const Elf64_Shdr *sh, unsigned int n)
{
	struct sym_buffer notes;
	bool found = false;

	for (unsigned int i = 0; i < n && !found; i++) {
		if (sh[i].sh_type != SHT_NOTE || sh[i].sh_size > SYM_NOTES_MAX)
			continue;
		if (sym_read(fd, file_size, sh[i].sh_offset, sh[i].sh_size, &notes))
			found = sym_build_id_note(notes.data, sh[i].sh_size);
		sym_unread(&notes);
	}
	return found;
}

/* Reads with pread() rather than mmap() of the file: a file truncated under us then
 * fails cleanly instead of raising SIGBUS. A file with only .dynsym (a stripped
 * library) has its static symbols in its separate debug file, when installed:
 * its .symtab, at the same addresses, is read instead (once: with_debug false). */
static void sym_load_file(struct sym_object *obj, unsigned long bias, const char *path,
			  bool with_debug)
{
	struct sym_buffer sh = { 0 }, es = { 0 }, strs = { 0 };
	const Elf64_Shdr *tab, *strtab;
	Elf64_Ehdr eh;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) || !sym_elf_ok(&eh))
		goto out;
	if (!sym_read(fd, st.st_size, eh.e_shoff, (Elf64_Xword)eh.e_shnum * sizeof(Elf64_Shdr),
		      &sh))
		goto out;
	tab = sym_section(sh.data, eh.e_shnum);
	if (with_debug && (!tab || tab->sh_type != SHT_SYMTAB) &&
	    sym_debug_file(fd, st.st_size, sh.data, eh.e_shnum)) {
		sym_load_file(obj, bias, sym_debug_path, false);
		if (obj->syms)
			goto out;
	}
	if (!tab)
		goto out;
	strtab = (const Elf64_Shdr *)sh.data + tab->sh_link;
	if (sym_read(fd, st.st_size, tab->sh_offset, tab->sh_size, &es) &&
	    sym_read(fd, st.st_size, strtab->sh_offset, strtab->sh_size, &strs))
		sym_fill(obj, bias, es.data, tab->sh_size / sizeof(Elf64_Sym), strs.data,
			 strtab->sh_size);
out:
	sym_unread(&strs);
	sym_unread(&es);
	sym_unread(&sh);
	close(fd);
}

static void sym_load(struct sym_object *obj, unsigned long bias, const char *path)
{
	sym_load_file(obj, bias, path, true);
}

/* The program's file name, for "prog+0x1234". */
static const char *sym_program_name(void)
{
	ssize_t n = readlink("/proc/self/exe", sym_text, sizeof(sym_text) - 1);

	if (n <= 0)
		return process_name();
	sym_text[n] = '\0';
	return sym_basename(sym_text);
}

/* Called with sym_lock held. */
static struct sym_object *sym_object_get(const struct loaded_object *lo)
{
	struct sym_object *obj;

	for (obj = sym_objects; obj; obj = obj->next)
		if (obj->start == lo->start && !strcmp(obj->path, lo->path))
			return obj;
	obj = liblockdep_alloc(sizeof(*obj));
	if (!obj)
		return NULL;
	*obj = (struct sym_object){ .start = lo->start, .end = lo->end };
	obj->path = liblockdep_strdup(lo->path);
	obj->object = liblockdep_strdup(lo->path[0] ? sym_basename(lo->path) : sym_program_name());
	if (!obj->path || !obj->object)
		return NULL;
	/* An object without a path, such as the vdso, has no file to read. */
	if (!lo->path[0])
		sym_load(obj, lo->bias, "/proc/self/exe");
	else if (strchr(lo->path, '/'))
		sym_load(obj, lo->bias, lo->path);
	obj->next = sym_objects;
	sym_objects = obj;
	return obj;
}

/*
 * An object unloaded (or about to be) from [start, start + len): what is known of it
 * goes, so that another object loaded there later is read anew. Its names stay
 * valid: they may be lock class names. Its line tables are given back.
 */
static void sym_forget_range(unsigned long start, unsigned long len)
{
	struct sym_object **link, *obj;

	internal_lock(&sym_lock);
	for (link = &sym_objects; (obj = *link);) {
		if (obj->start - start < len) {
			*link = obj->next;
			line_release(obj->lines);
		} else {
			link = &obj->next;
		}
	}
	internal_unlock(&sym_lock);
}

/* The last entry starting at or below addr may be an alias or a zero-size symbol
 * that does not cover it, so look back until the first sized one. */
static struct sym_entry *sym_search(const struct sym_object *obj, unsigned long addr)
{
	size_t lo = 0, hi = obj->nr_syms, mid;
	struct sym_entry *s;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (obj->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo--) {
		s = &obj->syms[lo];
		if (addr - s->addr < s->size || addr == s->addr)
			return s;
		if (s->size)
			break;
	}
	return NULL;
}

/* A C++ name as the source spells it, demangled when first shown and kept: few of a
 * program's names ever show. Called with sym_lock held. */
static const char *sym_name(struct sym_entry *s)
{
	const char *plain;

	if (strncmp(s->name, "_Z", 2) ||
	    !demangle(&sym_demangler, s->name, sym_text, sizeof(sym_text)))
		return s->name;
	plain = liblockdep_strdup(sym_text);
	if (plain)
		s->name = plain;
	return s->name;
}

/* Where an address lies: its object and the offset into it; its symbol if known. */
struct sym_place {
	const char *object;
	unsigned long object_offset;
	const char *name;	/* NULL if no symbol covers the address */
	unsigned long offset, size;
	const char *unit;	/* a static symbol's source file; "" if not known; NULL
				 * for a global symbol */
};

static bool sym_lookup(unsigned long addr, struct sym_place *place)
{
	int saved_errno = errno;
	struct loaded_object lo;
	struct sym_object *obj;
	struct sym_entry *s;

	if (!loaded_object_of(addr, &lo))
		return false;
	internal_lock(&sym_lock);
	obj = sym_object_get(&lo);
	s = obj ? sym_search(obj, addr) : NULL;
	if (obj) {
		*place = (struct sym_place){ .object = obj->object,
					     .object_offset = addr - obj->start };
	}
	if (s) {
		place->name = sym_name(s);
		place->offset = addr - s->addr;
		place->size = s->size;
		place->unit = obj->unit_names[obj->units[s - obj->syms]];
	}
	internal_unlock(&sym_lock);
	errno = saved_errno;
	return obj;
}

static const char *liblockdep_symbol_at(unsigned long addr, unsigned long *offset,
					const char **object)
{
	struct sym_place place;

	if (!sym_lookup(addr, &place) || !place.name)
		return NULL;
	if (offset)
		*offset = place.offset;
	if (object)
		*object = place.object;
	return place.name;
}

/* The file an address lies in, and its offset there; NULL outside any. */
static const char *liblockdep_object_at(unsigned long addr, unsigned long *offset)
{
	struct sym_place place;

	if (!sym_lookup(addr, &place))
		return NULL;
	*offset = place.object_offset;
	return place.object;
}

static const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
				   unsigned long *offset, char **modname, char *namebuf)
{
	struct sym_place place;
	bool found = sym_lookup(addr, &place) && place.name;

	/* Like the kernel's: namebuf is a string even when nothing was found. */
	namebuf[0] = '\0';
	if (modname)
		*modname = NULL;
	if (!found)
		return NULL;
	strncat(namebuf, place.name, KSYM_NAME_LEN - 1);
	if (size)
		*size = place.size;
	if (offset)
		*offset = place.offset;
	return namebuf;
}
