/*
 * Names for addresses, as the kernel's kallsyms gives them: lockdep names lock
 * classes and stack frames after symbols. dladdr() only knows exported symbols, so
 * each loaded object's own ELF symbol table is read, once, when first needed.
 */

struct sym_entry {
	unsigned long addr;
	unsigned long size;
	const char *name;
};

/* One loaded object; never freed, so the names it hands out outlive any report. */
struct sym_object {
	struct sym_object *next;
	unsigned long base;
	const char *object;
	struct sym_entry *syms;
	size_t nr_syms;
	char key[];	/* dlpi_name, then the file name */
};

/* Where dl_iterate_phdr() found an address. The main program's name is "". */
struct sym_where {
	unsigned long addr;
	unsigned long base;
	char name[PATH_MAX];
};

static pthread_mutex_t sym_lock = PTHREAD_MUTEX_INITIALIZER;
static struct sym_object *sym_objects;

static const char *sym_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* Aliases share an address. The plainest name (printf, not _IO_printf; frexp, not
 * frexpf64) sorts last, because a lookup scans backwards from the last candidate. */
static int sym_cmp(const void *a, const void *b)
{
	const struct sym_entry *x = a, *y = b;
	size_t ux, uy, lx, ly;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	ux = strspn(x->name, "_");
	uy = strspn(y->name, "_");
	lx = strlen(x->name);
	ly = strlen(y->name);
	if (ux != uy)
		return ux > uy ? -1 : 1;
	if (lx != ly)
		return lx > ly ? -1 : 1;
	return strcmp(y->name, x->name);
}

static bool sym_keep(const Elf64_Sym *es, size_t strsz)
{
	unsigned char type = ELF64_ST_TYPE(es->st_info);

	/* Absolute symbols are constants, not places in the object. */
	return (type == STT_FUNC || type == STT_OBJECT) && es->st_value &&
	       es->st_shndx != SHN_UNDEF && es->st_shndx != SHN_ABS &&
	       es->st_name && es->st_name < strsz;
}

/* The names are copied next to the entries: one block per object, and the file's
 * much larger string table can go. */
static void sym_fill(struct sym_object *obj, const Elf64_Sym *es, size_t n,
		     const char *strs, size_t strsz)
{
	size_t i, nr = 0, bytes = 0;
	struct sym_entry *s;
	char *names;

	for (i = 0; i < n; i++) {
		if (sym_keep(&es[i], strsz)) {
			nr++;
			bytes += strlen(strs + es[i].st_name) + 1;
		}
	}
	s = nr ? malloc(nr * sizeof(*s) + bytes) : NULL;
	if (!s)
		return;
	obj->syms = s;
	obj->nr_syms = nr;
	names = (char *)(s + nr);
	for (i = 0; i < n; i++) {
		if (!sym_keep(&es[i], strsz))
			continue;
		s->addr = obj->base + es[i].st_value;
		s->size = es[i].st_size;
		s->name = names;
		names = stpcpy(names, strs + es[i].st_name) + 1;
		s++;
	}
	qsort(obj->syms, nr, sizeof(*s), sym_cmp);
}

/* len bytes at off, NUL-terminated so that a string table always ends in one. */
static void *sym_read(int fd, off_t file_size, Elf64_Off off, Elf64_Xword len)
{
	char *buf;

	if (off > (Elf64_Off)file_size || len > (Elf64_Off)file_size - off)
		return NULL;
	buf = malloc(len + 1);
	if (!buf || pread(fd, buf, len, off) != (ssize_t)len) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
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

/* Reads with pread() rather than mmap(): a file truncated under us then fails
 * cleanly instead of raising SIGBUS. */
static void sym_load(struct sym_object *obj, const char *path)
{
	const Elf64_Shdr *tab, *strtab;
	Elf64_Shdr *sh = NULL;
	Elf64_Sym *es = NULL;
	char *strs = NULL;
	Elf64_Ehdr eh;
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) || pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) || !sym_elf_ok(&eh))
		goto out;
	sh = sym_read(fd, st.st_size, eh.e_shoff, (Elf64_Xword)eh.e_shnum * sizeof(*sh));
	tab = sh ? sym_section(sh, eh.e_shnum) : NULL;
	if (!tab)
		goto out;
	strtab = &sh[tab->sh_link];
	es = sym_read(fd, st.st_size, tab->sh_offset, tab->sh_size);
	strs = sym_read(fd, st.st_size, strtab->sh_offset, strtab->sh_size);
	if (es && strs)
		sym_fill(obj, es, tab->sh_size / sizeof(*es), strs, strtab->sh_size);
out:
	free(strs);
	free(es);
	free(sh);
	close(fd);
}

/* Called with sym_lock held. */
static struct sym_object *sym_object_get(const struct sym_where *w)
{
	struct sym_object *obj;
	char exe[PATH_MAX];
	const char *file = w->name;
	size_t klen = strlen(w->name) + 1;
	ssize_t n;

	for (obj = sym_objects; obj; obj = obj->next)
		if (obj->base == w->base && !strcmp(obj->key, w->name))
			return obj;
	if (!w->name[0]) {
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		exe[n > 0 ? n : 0] = '\0';
		file = n > 0 ? exe : program_invocation_short_name;
	}
	obj = calloc(1, sizeof(*obj) + klen + strlen(file) + 1);
	if (!obj)
		return NULL;
	obj->base = w->base;
	memcpy(obj->key, w->name, klen);
	strcpy(obj->key + klen, file);
	obj->object = sym_basename(obj->key + klen);
	/* An object without a path, such as the vdso, has no file to read. */
	if (!w->name[0])
		sym_load(obj, "/proc/self/exe");
	else if (strchr(file, '/'))
		sym_load(obj, file);
	obj->next = sym_objects;
	sym_objects = obj;
	return obj;
}

static int sym_find_object(struct dl_phdr_info *info, size_t size, void *data)
{
	struct sym_where *w = data;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type != PT_LOAD ||
		    w->addr - (info->dlpi_addr + ph->p_vaddr) >= ph->p_memsz)
			continue;
		w->base = info->dlpi_addr;
		/* The name is copied: a dlclose() may free it once we return. One too
		 * long to copy could not be opened either. */
		return snprintf(w->name, sizeof(w->name), "%s", info->dlpi_name) <
		       (int)sizeof(w->name);
	}
	return 0;
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

typedef char *cxa_demangle_fn(const char *mangled, char *buf, size_t *len, int *status);

/*
 * A C++ name as the source spells it ("Ledger::post()", not "_ZN6Ledger4postEv"), by
 * the demangler of the C++ runtime, which a C++ program has loaded. Each name is
 * demangled when first asked for, and kept: few of a program's names ever show.
 */
static const char *sym_name(struct sym_entry *s)
{
	static cxa_demangle_fn *demangle;
	const char *name = __atomic_load_n(&s->name, __ATOMIC_ACQUIRE);
	char *plain = NULL;
	int status;

	if (strncmp(name, "_Z", 2))
		return name;
	internal_lock(&sym_lock);
	if (!demangle)
		demangle = (cxa_demangle_fn *)dlsym(RTLD_DEFAULT, "__cxa_demangle");
	name = s->name;
	if (demangle && !strncmp(name, "_Z", 2))
		plain = demangle(name, NULL, NULL, &status);
	if (plain) {
		__atomic_store_n(&s->name, plain, __ATOMIC_RELEASE);
		name = plain;
	}
	internal_unlock(&sym_lock);
	return name;
}

static const char *sym_lookup(unsigned long addr, unsigned long *offset,
			      unsigned long *size, const char **object)
{
	struct sym_object *obj = NULL;
	struct sym_entry *s = NULL;
	struct sym_where w = { .addr = addr };
	Dl_info info;

	/* dl_iterate_phdr() under sym_lock too: glibc's fork() leaves the loader lock it
	 * takes locked in the child if another thread held it, and the fork handlers
	 * hold sym_lock across fork() (src/internal_locks.c). */
	internal_lock(&sym_lock);
	if (dl_iterate_phdr(sym_find_object, &w))
		obj = sym_object_get(&w);
	internal_unlock(&sym_lock);
	s = obj ? sym_search(obj, addr) : NULL;
	if (s) {
		*offset = addr - s->addr;
		*size = s->size;
		*object = obj->object;
		return sym_name(s);
	}
	if (!dladdr((void *)addr, &info) || !info.dli_sname || !info.dli_saddr)
		return NULL;
	*offset = addr - (unsigned long)info.dli_saddr;
	*size = 0;
	*object = obj ? obj->object : sym_basename(info.dli_fname ? info.dli_fname : "");
	return info.dli_sname;
}

static const char *liblockdep_symbol_at(unsigned long addr, unsigned long *offset,
					const char **object)
{
	int saved_errno = errno;
	unsigned long off, size;
	const char *obj_name;
	const char *name = sym_lookup(addr, &off, &size, &obj_name);

	if (name && offset)
		*offset = off;
	if (name && object)
		*object = obj_name;
	errno = saved_errno;
	return name;
}

static const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
				   unsigned long *offset, char **modname, char *namebuf)
{
	int saved_errno = errno;
	unsigned long off, sz;
	const char *obj_name;
	const char *name = sym_lookup(addr, &off, &sz, &obj_name);

	/* Like the kernel's: namebuf is a string even when nothing was found. */
	namebuf[0] = '\0';
	if (modname)
		*modname = NULL;
	if (name) {
		snprintf(namebuf, KSYM_NAME_LEN, "%s", name);
		if (size)
			*size = sz;
		if (offset)
			*offset = off;
	}
	errno = saved_errno;
	return name ? namebuf : NULL;
}
