/*
 * Which program or library a lock class belongs to, for the rules file's library=
 * (src/rules.c): the one whose code created its locks (its site, past lock-creating
 * helpers), or for a class keyed by a static lock or key, the one whose memory holds
 * it. Asked by a reporter, under the graph lock, with the class as a report prints
 * it ("name#2/1").
 */
static bool class_printed_as(const struct lock_class *class, const char *printed)
{
	static char text[640];	/* a site's name and more; under the graph lock */
	size_t len;

	if (!class->name)
		return false;
	len = liblockdep_snprintk(text, sizeof(text), "%s", class->name);
	if (class->name_version > 1)
		len += liblockdep_snprintk(text + len, sizeof(text) - len, "#%d", class->name_version);
	if (class->subclass)
		liblockdep_snprintk(text + len, sizeof(text) - len, "/%d", class->subclass);
	return !strcmp(text, printed);
}

/* The site whose locks are of this class: by its key, or for a lock that is a class
 * of its own (its own key), by the name it shares with its site. */
static const struct lock_site *class_site(const struct lock_class *class)
{
	unsigned int nr = READ_ONCE(nr_lock_sites);
	unsigned long key = (unsigned long)class->key, first = (unsigned long)lock_sites;

	if (key - first < sizeof(lock_sites))
		return &lock_sites[(key - first) / sizeof(lock_sites[0])];
	for (unsigned int i = 0; i < nr; i++)
		if (READ_ONCE(lock_sites[i].name) == class->name)
			return &lock_sites[i];
	return NULL;
}

/* The file name of the object ("libsqlite3.so.0"), NULL when none is known. */
static const char *lock_class_object(const char *printed)
{
	unsigned long offset;

	for (unsigned long i = 0; i < ARRAY_SIZE(lock_classes); i++) {
		const struct lock_class *class = &lock_classes[i];
		const struct lock_site *site;

		if (!test_bit(i, lock_classes_in_use) || !class_printed_as(class, printed))
			continue;
		site = class_site(class);
		return liblockdep_object_at(site ? site->ips[0] : (unsigned long)class->key,
					    &offset);
	}
	return NULL;
}
