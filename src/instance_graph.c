/*
 * The order of the instance graph (src/instance_nesting.c): a directed graph whose
 * vertices live in lock entries (src/lock_table.c), kept acyclic in a dynamic
 * topological order, after Pearce and Kelly ("A dynamic topological sort algorithm
 * for directed acyclic graphs", 2006), as Abseil's deadlock detector keeps its own.
 *
 * Every vertex has a rank and every edge goes up in rank. A new edge u -> v with
 * rank(u) < rank(v) is in order already: nothing is searched, which is the common
 * case, since a vertex is ranked when its lock is made and programs nest in the
 * order they make (an array of accounts, a list appended to, a tree grown from its
 * root, Abseil's stress test). Otherwise a cycle through the new edge is a path
 * from v to u, which in order can only pass vertices ranked between the two: the
 * search forward from v stops at rank(u). If it does not reach u, the search back
 * from u, which stops at rank(v), finds what else must move, and the two sets
 * swap places among their own ranks. So an edge costs the part of the graph
 * between its ends, never the whole graph, nor anything of the run before it.
 * Two cases cost no search: a vertex with no edge out can move above every other,
 * one with no edge in below (a list walked against the order its nodes were made
 * in: each step's new node has no edge out yet).
 *
 * An edge that closes a cycle was reported; it stays out of the order, and is
 * only kept so that a repeat costs one lookup. Edges are found by their two ends
 * in a hash table. All of it is liblockdep's own memory, never the program's
 * allocator: edges are recycled through a free list, the table and the search's
 * lists are pages that shrink and grow, and a vertex's edges go when its lock goes
 * (instance_vertex_renew()). So memory follows the locks and edges alive, not the
 * run. Everything but a vertex's birth is under the graph lock.
 */
struct instance_edge;

struct instance_vertex {
	s64 rank;
	struct instance_edge *out, *in;	/* edges from and to it, ordered or not */
	unsigned int nr_out, nr_in;	/* the ordered ones */
	unsigned long mark;		/* the search that met it last */
	struct instance_vertex *came_from;	/* on that search's path to it */
	unsigned char index;		/* its place among its lock's vertices */
};

struct instance_edge {
	struct instance_vertex *from, *to;
	struct instance_edge *next_out, **pprev_out;
	struct instance_edge *next_in, **pprev_in;
	struct instance_edge *hash_next;
	bool ordered;			/* false: it closed a cycle */
};

/* Births take ranks upwards two at a time (a lock's two vertices, instance_nesting.c),
 * moves to the top one; moves to the bottom go downwards from 0. */
static s64 instance_rank_top;
static s64 instance_rank_bottom;

static struct instance_edge *free_instance_edges;

#define INSTANCE_HASH_MIN_BITS	8

static struct instance_edge **instance_hash;
static unsigned int instance_hash_bits;
static unsigned long nr_instance_edges;

static unsigned long instance_search_mark;

/* A list of the vertices a search met, in pages of its own that grow as needed. */
struct vertex_list {
	struct instance_vertex **v;
	unsigned long nr, size;
};

static struct vertex_list instance_todo, instance_forward, instance_backward;
static s64 *instance_ranks;
static unsigned long instance_ranks_size;

static s64 instance_rank_new_top(void)
{
	return __atomic_add_fetch(&instance_rank_top, 1, __ATOMIC_RELAXED);
}

/* Room for @nr elements of @size bytes in *buf, which has *have: pages of our own,
 * doubled and copied; false when out of memory (the old buffer stays). */
static bool instance_buffer_grow(void **buf, unsigned long *have, unsigned long nr,
				 size_t size)
{
	unsigned long want = *have ?: 256;
	void *fresh;

	if (nr <= *have)
		return true;
	while (want < nr)
		want *= 2;
	fresh = liblockdep_pages_alloc(want * size);
	if (!fresh)
		return false;
	if (*buf) {
		memcpy(fresh, *buf, *have * size);
		liblockdep_pages_free(*buf, *have * size);
	}
	*buf = fresh;
	*have = want;
	return true;
}

static bool vertex_list_push(struct vertex_list *l, struct instance_vertex *v)
{
	if (!instance_buffer_grow((void **)&l->v, &l->size, l->nr + 1, sizeof(*l->v)))
		return false;
	l->v[l->nr++] = v;
	return true;
}

static unsigned long instance_hash_of(const struct instance_vertex *from,
				      const struct instance_vertex *to, unsigned int bits)
{
	u64 key = (u64)(unsigned long)from ^ (u64)(unsigned long)to * 0x9E3779B97F4A7C15ULL;

	return (key * 0x9E3779B97F4A7C15ULL) >> (64 - bits);
}

static struct instance_edge *instance_edge_find(const struct instance_vertex *from,
						const struct instance_vertex *to)
{
	struct instance_edge *edge;

	if (!instance_hash)
		return NULL;
	edge = instance_hash[instance_hash_of(from, to, instance_hash_bits)];
	for (; edge; edge = edge->hash_next)
		if (edge->from == from && edge->to == to)
			return edge;
	return NULL;
}

/* Rehashes into 2^bits buckets; on failure the old table stays, only slower. */
static void instance_hash_resize(unsigned int bits)
{
	struct instance_edge **fresh = liblockdep_pages_alloc(sizeof(*fresh) << bits);
	unsigned long old_size = instance_hash ? 1UL << instance_hash_bits : 0;

	if (!fresh)
		return;
	for (unsigned long i = 0; i < old_size; i++) {
		while (instance_hash[i]) {
			struct instance_edge *edge = instance_hash[i];
			unsigned long slot = instance_hash_of(edge->from, edge->to, bits);

			instance_hash[i] = edge->hash_next;
			edge->hash_next = fresh[slot];
			fresh[slot] = edge;
		}
	}
	if (instance_hash)
		liblockdep_pages_free(instance_hash, sizeof(*fresh) * old_size);
	instance_hash = fresh;
	instance_hash_bits = bits;
}

/* At most one edge per bucket on average, at least one in eight buckets used. */
static void instance_hash_fit(void)
{
	unsigned int bits = instance_hash_bits;

	if (!instance_hash || nr_instance_edges > 1UL << bits)
		instance_hash_resize(instance_hash ? bits + 1 : INSTANCE_HASH_MIN_BITS);
	else if (bits > INSTANCE_HASH_MIN_BITS && nr_instance_edges < 1UL << (bits - 3))
		instance_hash_resize(bits - 1);
}

static struct instance_edge *instance_edge_alloc(void)
{
	struct instance_edge *edge = free_instance_edges;

	if (!edge)
		return liblockdep_alloc(sizeof(*edge));
	free_instance_edges = edge->hash_next;
	return edge;
}

/* A new edge from -> to, in the order or not; false when out of memory. */
static bool instance_edge_link(struct instance_vertex *from, struct instance_vertex *to,
			       bool ordered)
{
	struct instance_edge *edge;
	unsigned long slot;

	instance_hash_fit();
	edge = instance_edge_alloc();
	if (!edge || !instance_hash)
		return false;
	slot = instance_hash_of(from, to, instance_hash_bits);
	*edge = (struct instance_edge){
		.from = from, .to = to,
		.next_out = from->out, .pprev_out = &from->out,
		.next_in = to->in, .pprev_in = &to->in,
		.hash_next = instance_hash[slot], .ordered = ordered,
	};
	if (from->out)
		from->out->pprev_out = &edge->next_out;
	WRITE_ONCE(from->out, edge);
	if (to->in)
		to->in->pprev_in = &edge->next_in;
	WRITE_ONCE(to->in, edge);
	instance_hash[slot] = edge;
	nr_instance_edges++;
	from->nr_out += ordered;
	to->nr_in += ordered;
	return true;
}

static void instance_edge_unlink(struct instance_edge *edge)
{
	struct instance_edge **p = &instance_hash[instance_hash_of(edge->from, edge->to,
								   instance_hash_bits)];

	while (*p != edge)
		p = &(*p)->hash_next;
	*p = edge->hash_next;
	if (edge->next_out)
		edge->next_out->pprev_out = edge->pprev_out;
	WRITE_ONCE(*edge->pprev_out, edge->next_out);
	if (edge->next_in)
		edge->next_in->pprev_in = edge->pprev_in;
	WRITE_ONCE(*edge->pprev_in, edge->next_in);
	edge->from->nr_out -= edge->ordered;
	edge->to->nr_in -= edge->ordered;
	nr_instance_edges--;
	edge->hash_next = free_instance_edges;
	free_instance_edges = edge;
}

/* A vertex without edges, now above every other. */
static void instance_vertex_clear(struct instance_vertex *v)
{
	while (v->out)
		instance_edge_unlink(v->out);
	while (v->in)
		instance_edge_unlink(v->in);
	v->rank = instance_rank_new_top();
}

/*
 * A lock's vertices start afresh, without edges, above every other: at the lock's
 * birth, and when it goes (destroyed, freed, its memory unmapped or unloaded), so
 * that its edges go with it. Vertices without edges are in no search: their ranks
 * need no graph lock.
 */
static void instance_vertices_renew(struct instance_vertex *v, unsigned int nr)
{
	bool linked = false;

	for (unsigned int i = 0; i < nr; i++)
		linked |= READ_ONCE(v[i].out) || READ_ONCE(v[i].in);
	if (linked)
		liblockdep_graph_lock();
	for (unsigned int i = 0; i < nr; i++) {
		instance_vertex_clear(&v[i]);
		v[i].index = i;
	}
	if (linked) {
		instance_hash_fit();
		liblockdep_graph_unlock();
	}
}

/* Marks w as met by this search, from @from; false if it was met already. */
static bool instance_vertex_meet(struct instance_vertex *w, struct instance_vertex *from,
				 unsigned long mark)
{
	if (w->mark == mark)
		return false;
	w->mark = mark;
	w->came_from = from;
	return true;
}

/* A vertex met, to search from and to keep in @met; false when out of memory. */
static bool instance_search_push(struct instance_vertex *z, struct vertex_list *met)
{
	return vertex_list_push(&instance_todo, z) && vertex_list_push(met, z);
}

/* A new search from root, whose vertices met go to @met: its mark, 0 when out of
 * memory. */
static unsigned long instance_search_begin(struct instance_vertex *root,
					   struct vertex_list *met)
{
	unsigned long mark = ++instance_search_mark;

	instance_todo.nr = met->nr = 0;
	instance_vertex_meet(root, NULL, mark);
	return instance_search_push(root, met) ? mark : 0;
}

/*
 * Depth first from v along ordered edges, through vertices ranked below u's: true
 * when u is reached (u->came_from leads back to v), or when memory ran out (*nomem).
 * The vertices met are in instance_forward.
 */
static bool instance_search_forward(struct instance_vertex *v, struct instance_vertex *u,
				    bool *nomem)
{
	unsigned long mark = instance_search_begin(v, &instance_forward);

	while (mark && instance_todo.nr) {
		struct instance_vertex *w = instance_todo.v[--instance_todo.nr];

		for (struct instance_edge *edge = w->out; edge; edge = edge->next_out) {
			struct instance_vertex *z = edge->to;

			if (!edge->ordered || z->rank > u->rank ||
			    !instance_vertex_meet(z, w, mark))
				continue;
			if (z == u)
				return true;
			if (!instance_search_push(z, &instance_forward)) {
				mark = 0;
				break;
			}
		}
	}
	*nomem = !mark;
	return !mark;
}

/* Depth first back from u along ordered edges, through vertices ranked above v's,
 * into instance_backward; false when memory ran out. */
static bool instance_search_backward(struct instance_vertex *u, struct instance_vertex *v)
{
	unsigned long mark = instance_search_begin(u, &instance_backward);

	while (mark && instance_todo.nr) {
		struct instance_vertex *w = instance_todo.v[--instance_todo.nr];

		for (struct instance_edge *edge = w->in; edge; edge = edge->next_in) {
			struct instance_vertex *z = edge->from;

			if (!edge->ordered || z->rank < v->rank ||
			    !instance_vertex_meet(z, w, mark))
				continue;
			if (!instance_search_push(z, &instance_backward)) {
				mark = 0;
				break;
			}
		}
	}
	return mark;
}

static void vertices_swap(struct instance_vertex **v, unsigned long a, unsigned long b)
{
	struct instance_vertex *t = v[a];

	v[a] = v[b];
	v[b] = t;
}

/* A heap sort by rank: in place, no recursion, no qsort() (which may allocate). */
static void vertices_sift_down(struct instance_vertex **v, unsigned long root,
			       unsigned long n)
{
	for (unsigned long child; (child = 2 * root + 1) < n; root = child) {
		if (child + 1 < n && v[child + 1]->rank > v[child]->rank)
			child++;
		if (v[root]->rank >= v[child]->rank)
			return;
		vertices_swap(v, root, child);
	}
}

static void vertices_sort(struct vertex_list *l)
{
	unsigned long i;

	for (i = l->nr / 2; i-- > 0;)
		vertices_sift_down(l->v, i, l->nr);
	for (i = l->nr; i-- > 1;) {
		vertices_swap(l->v, 0, i);
		vertices_sift_down(l->v, 0, i);
	}
}

/*
 * What the backward search met goes below what the forward search met, each set
 * keeping its own order, in the ranks the two sets held: every other vertex keeps
 * its rank, and every edge goes up again, the new one too.
 */
static bool instance_reorder(void)
{
	struct vertex_list *b = &instance_backward, *f = &instance_forward;
	unsigned long nr = b->nr + f->nr, i = 0, j = 0, k = 0;

	if (!instance_buffer_grow((void **)&instance_ranks, &instance_ranks_size, nr,
				  sizeof(*instance_ranks)))
		return false;
	vertices_sort(b);
	vertices_sort(f);
	while (i < b->nr || j < f->nr) {
		if (j == f->nr || (i < b->nr && b->v[i]->rank < f->v[j]->rank))
			instance_ranks[k++] = b->v[i++]->rank;
		else
			instance_ranks[k++] = f->v[j++]->rank;
	}
	for (i = 0; i < b->nr; i++)
		b->v[i]->rank = instance_ranks[i];
	for (j = 0; j < f->nr; j++)
		f->v[j]->rank = instance_ranks[i + j];
	return true;
}

enum instance_edge_result {
	INSTANCE_EDGE_KNOWN,		/* there already, or now in order */
	INSTANCE_EDGE_CYCLE,		/* closes a cycle: v ... u by came_from, from u */
	INSTANCE_EDGE_NOMEM,		/* not remembered */
};

/* Places u -> v in the order, or finds the cycle it closes. */
static enum instance_edge_result instance_edge_order(struct instance_vertex *u,
						     struct instance_vertex *v)
{
	bool nomem = false;

	if (u->rank < v->rank)
		return INSTANCE_EDGE_KNOWN;
	if (!v->nr_out) {
		v->rank = instance_rank_new_top();
		return INSTANCE_EDGE_KNOWN;
	}
	if (!u->nr_in) {
		u->rank = --instance_rank_bottom;
		return INSTANCE_EDGE_KNOWN;
	}
	if (instance_search_forward(v, u, &nomem))
		return nomem ? INSTANCE_EDGE_NOMEM : INSTANCE_EDGE_CYCLE;
	if (!instance_search_backward(u, v) || !instance_reorder())
		return INSTANCE_EDGE_NOMEM;
	return INSTANCE_EDGE_KNOWN;
}

/*
 * Under the graph lock: the edge u -> v. A known one costs a lookup; a new one is
 * ordered, or, when it closes a cycle, kept out of the order (the caller reports
 * the cycle, u->came_from leading back to v).
 */
static enum instance_edge_result instance_edge_add(struct instance_vertex *u,
						   struct instance_vertex *v)
{
	enum instance_edge_result result;

	if (instance_edge_find(u, v))
		return INSTANCE_EDGE_KNOWN;
	result = instance_edge_order(u, v);
	if (result == INSTANCE_EDGE_NOMEM ||
	    !instance_edge_link(u, v, result == INSTANCE_EDGE_KNOWN))
		return INSTANCE_EDGE_NOMEM;
	return result;
}
