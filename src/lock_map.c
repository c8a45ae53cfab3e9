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

static void lock_map_setup(struct liblockdep_map *map, const char *name,
			   struct liblockdep_key *key, unsigned long ip)
{
	map->name = name;
	map->key = key;
	map->magic = LIBLOCKDEP_MAP_MAGIC;
	lock_entry_init(map, LOCK_KIND_MAP, 2, ip);
}

static bool key_usable(struct lock_class_key *key);
static __printf(5, 6) void annotation_misused(const char *api, const char *problem,
					      const void *lock, unsigned long ip,
					      const char *fmt, ...);

/* A key lockdep would not take turns checking off: the map gets its call site's class. */
LIBLOCKDEP_API void liblockdep_map_init(struct liblockdep_map *map, const char *name,
					struct liblockdep_key *key)
{
	if (key && !key_usable((struct lock_class_key *)key)) {
		annotation_misused(__func__, "key not registered", NULL, _RET_IP_,
				   "key %px is neither static nor registered "
				   "(liblockdep_register_key); the map's class is this call's\n",
				   (void *)key);
		key = NULL;
	}
	lock_map_setup(map, name, key, _RET_IP_);
}

/*
 * Made by LIBLOCKDEP_MAP_INIT or liblockdep_map_init(), or zeroed static storage;
 * not bytes whose init was forgotten, whose name and key lockdep would follow (its
 * "key not registered" turns checking off, a wild name crashes a report).
 */
static bool lock_map_made(const struct liblockdep_map *map)
{
	return likely(map->magic == LIBLOCKDEP_MAP_MAGIC) || (!map->key && static_obj(map));
}

static bool lock_map_ready(const struct liblockdep_map *map, const char *api,
			   unsigned long ip)
{
	if (lock_map_made(map))
		return true;
	annotation_misused(api, "map not initialised", map, ip,
			   "%px was not made by liblockdep_map_init() or LIBLOCKDEP_MAP_INIT; "
			   "left unchecked\n", (const void *)map);
	return false;
}

static void map_acquire(struct liblockdep_map *map, unsigned int subclass, int read,
			int trylock, const char *api, unsigned long ip)
{
	struct lock_entry *e;

	if (liblockdep_check_now() && lock_map_ready(map, api, ip) &&
	    (e = lock_entry_of(map, LOCK_KIND_MAP, 2, ip)))
		lock_acquire_checked(e, subclass, read, trylock, ip);
}

LIBLOCKDEP_API void liblockdep_map_acquire(struct liblockdep_map *map)
{
	map_acquire(map, 0, 0, 0, __func__, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_read(struct liblockdep_map *map)
{
	map_acquire(map, 0, 2, 0, __func__, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_try(struct liblockdep_map *map)
{
	map_acquire(map, 0, 0, 1, __func__, _RET_IP_);
}

LIBLOCKDEP_API void liblockdep_map_acquire_nested(struct liblockdep_map *map,
						  unsigned int subclass)
{
	map_acquire(map, subclass, 0, 0, __func__, _RET_IP_);
}

/* A map never initialised was never acquired: its release is already reported. */
LIBLOCKDEP_API void liblockdep_map_release(struct liblockdep_map *map)
{
	struct lock_entry *e;

	if (unlock_may_matter() && lock_map_made(map) &&
	    (e = unlock_entry(map, LOCK_KIND_MAP, 2, _RET_IP_)))
		liblockdep_release(e, _RET_IP_);
}
