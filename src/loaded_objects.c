/*
 * The loaded objects (the program, its libraries, plugins dlopen()ed later): which
 * one an address lies in. Asked on a lock wrapper's slow path and in signal handlers,
 * so without dl_iterate_phdr() or dladdr(), which take the loader's lock (a handler
 * that interrupted dlopen(), or a thread inside a library constructor run by
 * dlopen(), would wait for ever) and may allocate.
 *
 * glibc's _dl_find_object() (2.35 and later) answers instead: it takes no lock and
 * allocates nothing, is async-signal-safe by its manual, and is what libgcc's
 * unwinder uses for the same question. It sees every object loaded at the time of
 * the call, plugins included, and none already unloaded. An object's link map (its
 * name) is read only while an address in it is being named: code that runs, or a
 * lock in its data, keeps its object loaded meanwhile.
 *
 * What is known about an object that goes away is dropped by
 * loaded_objects_forget(start, len) (src/symbols.c keeps names per object).
 */
struct loaded_object {
	unsigned long start;	/* its mapping: every segment, from the first to the last */
	unsigned long end;
	unsigned long bias;	/* what its symbol values are relative to */
	const char *path;	/* "" for the main program; the loader's string */
	const void *eh_frame_hdr;	/* its PT_GNU_EH_FRAME (src/unwind.c); NULL if none */
};

static bool loaded_object_of(unsigned long addr, struct loaded_object *obj)
{
	struct dl_find_object found;

	if (_dl_find_object((void *)addr, &found) != 0 || !found.dlfo_link_map)
		return false;
	obj->start = (unsigned long)found.dlfo_map_start;
	obj->end = (unsigned long)found.dlfo_map_end;
	obj->bias = found.dlfo_link_map->l_addr;
	obj->path = found.dlfo_link_map->l_name ?: "";
	obj->eh_frame_hdr = found.dlfo_eh_frame;
	return true;
}

/*
 * static_obj(): is this address in the static storage (a loaded segment) of the
 * program or of a shared library? Lockdep accepts such an address as a class key
 * without registration, and liblockdep gives a lock that lives there its own class.
 */
static int static_obj(const void *addr)
{
	struct loaded_object obj;
	int saved_errno = errno;
	bool found = loaded_object_of((unsigned long)addr, &obj);

	errno = saved_errno;
	return found;
}
