/*
 * static_obj(): is this address in the static storage (a loaded segment) of the
 * program or of a shared library? Lockdep accepts such an address as a class key
 * without registration, and liblockdep gives a lock that lives there its own class.
 */
struct static_obj_query {
	unsigned long addr;
	int found;
};

static int static_obj_visit(struct dl_phdr_info *info, size_t size, void *data)
{
	struct static_obj_query *q = data;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		unsigned long start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && q->addr - start < ph->p_memsz) {
			q->found = 1;
			return 1;
		}
	}
	return 0;
}

static int static_obj(const void *obj)
{
	struct static_obj_query q = { .addr = (unsigned long)obj };
	int saved_errno = errno;

	dl_iterate_phdr(static_obj_visit, &q);
	errno = saved_errno;
	return q.found;
}
