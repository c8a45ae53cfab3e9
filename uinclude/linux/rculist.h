/* Shim: the RCU list walkers lockdep uses, as plain list walks with acquire loads
 * (writers publish with release stores in list.h's *_rcu adders below). */
#ifndef LIBLOCKDEP_SHIM_RCULIST_H
#define LIBLOCKDEP_SHIM_RCULIST_H
#include <linux/list.h>

#define list_next_rcu(list)	(*((struct list_head **)(&(list)->next)))

static inline void list_add_tail_rcu(struct list_head *new, struct list_head *head)
{
	struct list_head *prev = head->prev;

	new->next = head;
	new->prev = prev;
	rcu_assign_pointer(list_next_rcu(prev), new);
	head->prev = new;
}

static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = LIST_POISON2;
}

#define list_entry_rcu(ptr, type, member) \
	container_of(__atomic_load_n(&(ptr), __ATOMIC_ACQUIRE), type, member)

#define list_next_or_null_rcu(head, ptr, type, member) ({		\
	struct list_head *__head = (head);				\
	struct list_head *__ptr = (ptr);				\
	struct list_head *__next = __atomic_load_n(&__ptr->next, __ATOMIC_ACQUIRE); \
	likely(__next != __head) ? list_entry_rcu(__next, type, member) : NULL; \
})

#define list_for_each_entry_rcu(pos, head, member, ...)		\
	for (pos = list_entry_rcu((head)->next, __typeof__(*pos), member); \
	     &pos->member != (head);					\
	     pos = list_entry_rcu(pos->member.next, __typeof__(*pos), member))

static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	n->pprev = &h->first;
	rcu_assign_pointer(h->first, n);
	if (first)
		first->pprev = &n->next;
}

static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	WRITE_ONCE(n->pprev, LIST_POISON2);
}

#define hlist_entry_safe_rcu(ptr, type, member) ({			\
	struct hlist_node *____ptr = __atomic_load_n(&(ptr), __ATOMIC_ACQUIRE); \
	____ptr ? hlist_entry(____ptr, type, member) : NULL;		\
})

#define hlist_for_each_entry_rcu(pos, head, member, ...)		\
	for (pos = hlist_entry_safe_rcu((head)->first, __typeof__(*(pos)), member); \
	     pos;							\
	     pos = hlist_entry_safe_rcu((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_rcu_notrace hlist_for_each_entry_rcu
#endif
