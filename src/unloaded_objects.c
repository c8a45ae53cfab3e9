/*
 * dlclose(): an object's code and data go, and another object may be loaded at the
 * same addresses next (a plugin after a plugin). What lockdep knew of the first
 * goes too, as the kernel forgets a module's at unload with lockdep_free_key_range():
 * the side table's entries of the locks in its data, the classes of its static
 * locks (keyed by their addresses) and of the locks its code created (keyed by call
 * site), and the names cached for its symbols. The object's segments are read
 * before the real dlclose(); they are forgotten only if the object is gone after it
 * (another handle may keep it loaded).
 */
#define OBJECT_SEGMENTS_MAX	16

struct object_segments {
	unsigned long base;
	const char *name;	/* while the object is loaded */
	unsigned int nr;
	struct {
		unsigned long start, size;
	} seg[OBJECT_SEGMENTS_MAX];
};

static int object_segments_visit(struct dl_phdr_info *info, size_t size, void *data)
{
	struct object_segments *o = data;

	(void)size;
	if (info->dlpi_addr != o->base || (o->name && strcmp(info->dlpi_name, o->name)))
		return 0;
	o->nr = 0;
	for (int i = 0; i < info->dlpi_phnum && o->nr < OBJECT_SEGMENTS_MAX; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && ph->p_memsz) {
			o->seg[o->nr].start = info->dlpi_addr + ph->p_vaddr;
			o->seg[o->nr].size = ph->p_memsz;
			o->nr++;
		}
	}
	return 1;
}

/* The loaded segments of the object behind a dlopen() handle. */
static bool object_segments_of(void *handle, struct object_segments *o)
{
	struct link_map *map;

	if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || !map)
		return false;
	o->base = map->l_addr;
	o->name = map->l_name;
	o->nr = 0;
	return dl_iterate_phdr(object_segments_visit, o) && o->nr;
}

static bool object_still_loaded(const struct object_segments *o)
{
	struct object_segments now = { .base = o->base };

	return dl_iterate_phdr(object_segments_visit, &now) && now.nr &&
	       now.seg[0].start == o->seg[0].start;
}

static void forget_unloaded_object(const struct object_segments *o, unsigned long ip)
{
	if (!liblockdep_enter(ip))
		return;
	for (unsigned int i = 0; i < o->nr; i++) {
		unsigned long start = o->seg[i].start, size = o->seg[i].size;

		forget_locks_in((const void *)start, size, ip);
		lock_sites_forget_code(start, size);
		lock_plumbing_forget_code(start, size);
		fast_path_zap_begin();
		lockdep_free_key_range((void *)start, size);
		fast_path_zap_end();
		sym_forget_range(start, size);	/* the names cached for its symbols */
	}
}

LIBLOCKDEP_WRAPPER(int, dlclose, (void *handle))

LIBLOCKDEP_WRAPPER_API int liblockdep_dlclose(void *handle)
{
	struct object_segments o;
	bool known = handle && !thread_in_liblockdep() && object_segments_of(handle, &o);
	int ret = real(dlclose)(handle);

	if (ret == 0 && known && !object_still_loaded(&o))
		forget_unloaded_object(&o, _RET_IP_);
	return ret;
}
