/*
 * Locks of the program's own making (liblockdep.h, LOCKS OF YOUR OWN): the kernel
 * describes a lock that is not one of its lock types, or a wait, by a lockdep_map that
 * the code acquires and releases itself (lock_map_acquire() and kin). Here the
 * program's struct liblockdep_map names the lock and its class, and lockdep's own map
 * lives in the side table, keyed by the map's address, like a pthread lock's: so a
 * map is a lock to every other annotation, and to a held-lock view. Its wait type is
 * lockdep's "not checked" (a map says nothing of whether its lock sleeps or spins).
 */
static const struct liblockdep_map *as_map(const struct lock_origin *origin)
{
	return origin->kind == LOCK_KIND_MAP ? origin->lock : NULL;
}

/* The map's own key and name, where it gives them, win over where it lives. */
static void lock_map_class(const struct lock_origin *origin, struct lock_class_key **key,
			   const char **name)
{
	const struct liblockdep_map *map = as_map(origin);

	if (!map)
		return;
	if (map->key)
		*key = (struct lock_class_key *)map->key;
	if (map->name)
		*name = map->name;
}

LIBLOCKDEP_API void liblockdep_map_init(struct liblockdep_map *map, const char *name,
					struct liblockdep_key *key)
{
	map->name = name;
	map->key = key;
	lock_entry_init(map, LOCK_KIND_MAP, 2, _RET_IP_);
}

static void map_acquire(struct liblockdep_map *map, unsigned int subclass, int read,
			int trylock, unsigned long ip)
{
	struct lock_entry *e;

	if (liblockdep_check_now() && (e = lock_entry_of(map, LOCK_KIND_MAP, 2, ip)))
		lock_acquire_checked(e, subclass, read, trylock, ip);
}

LIBLOCKDEP_API void liblockdep_map_acquire(struct liblockdep_map *map)
{
	map_acquire(map, 0, 0, 0, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_read(struct liblockdep_map *map)
{
	map_acquire(map, 0, 2, 0, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_try(struct liblockdep_map *map)
{
	map_acquire(map, 0, 0, 1, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_nested(struct liblockdep_map *map,
						  unsigned int subclass)
{
	map_acquire(map, subclass, 0, 0, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_release(struct liblockdep_map *map)
{
	struct lock_entry *e;

	if (unlock_may_matter() && (e = unlock_entry(map, LOCK_KIND_MAP, 2, _RET_IP_)))
		liblockdep_release(e, _RET_IP_);
}
