/*
 * Stack traces of our own, read from the unwind tables every object carries: its
 * .eh_frame, found through the sorted table of .eh_frame_hdr (PT_GNU_EH_FRAME, which
 * _dl_find_object() gives). glibc's backtrace() goes through libgcc's unwinder, which
 * decodes each frame's call-frame information again on every trace: some 26,000
 * instructions for the trace of a new dependency, 28,000 for a lock creator's. Here
 * a return address's rule (where the caller's CFA is, and where the return address
 * and the frame pointer are saved) is decoded once and kept in a table read without a
 * lock, so that a frame seen before costs a look-up and two reads.
 *
 * Only the rules compilers write are followed: the CFA at the stack or the frame
 * pointer plus an offset, the return address saved at an offset from it, the frame
 * pointer saved there or unchanged. Anything else (a DWARF expression for a register
 * we follow, a signal frame, an operation not known, an address without an FDE, an
 * object without .eh_frame_hdr) and the whole trace is backtrace()'s, as before, so a
 * trace is never worse than it was (tests/checks/unwind_same_as_backtrace.sh compares
 * them frame by frame).
 *
 * A frame may lie: every read is checked, the tables' against their object's mapping,
 * the stack's against the part of this thread's stack known readable, from the stack
 * pointer up to the thread's top (glibc keeps a created thread's descriptor above its
 * stack, the main thread's stack ends at __libc_stack_end), which process_vm_readv()
 * confirms page by page, once per thread and when the stack grows deeper: it fails
 * on memory that is not there where a read would fault. A read out of bounds ends the
 * walk, and backtrace() takes the trace. No lock, no allocation but mmap: safe in a
 * signal handler, whose traces are backtrace()'s anyway (they run on liblockdep's
 * handler stack, src/handler_stack.c, and cross the kernel's signal frame).
 */
#if defined(__x86_64__)
#define UNWIND_SP		7
#define UNWIND_FP		6
#define UNWIND_RA		16
#elif defined(__aarch64__)
#define UNWIND_SP		31
#define UNWIND_FP		29
#define UNWIND_RA		30
#endif

/* A return address's rule, in one word. */
#define UNWIND_RULE_KNOWN	1UL	/* decoded (0: not yet, or its code unloaded) */
#define UNWIND_RULE_FOLLOW	2UL	/* a rule we follow; else backtrace() */
#define UNWIND_RULE_END		4UL	/* the outermost frame: no return address */
#define UNWIND_RULE_CFA_FP	8UL	/* the CFA from the frame pointer, not the stack's */
#define UNWIND_RULE_FP_SAVED	16UL	/* the caller's frame pointer saved at CFA + offset */
#define UNWIND_RULE_FP_IS_CFA	32UL	/* ... or equal to CFA + offset */
#define UNWIND_RULE_RA_SHIFT	8	/* the return address's offset from the CFA, in words */
#define UNWIND_RULE_FP_SHIFT	16	/* the frame pointer's */
#define UNWIND_RULE_CFA_SHIFT	32	/* the CFA's offset from its register, in bytes */

/* The table of rules by return address: levels of twice the size of the one before,
 * each filled to half, made as needed and kept (the program's code is finite). */
#define UNWIND_LEVELS		20
#define UNWIND_LEVEL0_BITS	10

struct unwind_slot {
	unsigned long ip;	/* written once */
	unsigned long rule;
};

struct unwind_level {
	unsigned long used;
	struct unwind_slot slot[];
};

static struct unwind_level *unwind_levels[UNWIND_LEVELS];
/* Changed when code is unloaded: a rule decoded meanwhile is not kept. */
static unsigned int unwind_generation;

/* Where a thread's stack was found readable: [low, high). */
static __thread unsigned long unwind_stack_low, unwind_stack_high;
/* Pages checked by one process_vm_readv(), and at most in all. */
#define UNWIND_PAGE		4096UL	/* the smallest page: each is checked */
#define UNWIND_PAGES_PER_CHECK	32
#define UNWIND_STACK_MAX	(64UL << 20)

static bool signal_handler_running(void);

/* The bytes of an object's tables that may be read: [start, end). */
struct unwind_object {
	unsigned long start, end;
	unsigned long eh_frame_hdr;
};

/* A cursor over [p, end) of an object's tables; bad once a read went past end. */
struct unwind_cursor {
	unsigned long p, end;
	bool bad;
};

static bool unwind_take(struct unwind_cursor *c, void *out, size_t n)
{
	if (c->bad || c->p > c->end || c->end - c->p < n) {
		c->bad = true;
		memset(out, 0, n);
		return false;
	}
	memcpy(out, (const void *)c->p, n);
	c->p += n;
	return true;
}

static u8 unwind_u8(struct unwind_cursor *c)
{
	u8 v;

	unwind_take(c, &v, sizeof(v));
	return v;
}

/* A LEB128 number's bits: *shift, how many were read; *last, its last byte. */
static unsigned long unwind_leb128(struct unwind_cursor *c, unsigned int *shift, u8 *last)
{
	unsigned long v = 0;

	*shift = 0;
	do {
		*last = unwind_u8(c);
		if (*shift < 64)
			v |= (unsigned long)(*last & 0x7f) << *shift;
		*shift += 7;
	} while ((*last & 0x80) && !c->bad);
	return v;
}

static unsigned long unwind_uleb(struct unwind_cursor *c)
{
	unsigned int shift;
	u8 last;

	return unwind_leb128(c, &shift, &last);
}

static long unwind_sleb(struct unwind_cursor *c)
{
	unsigned int shift;
	u8 last;
	unsigned long v = unwind_leb128(c, &shift, &last);

	if (shift < 64 && (last & 0x40))
		v |= ~0UL << shift;
	return (long)v;
}

/* A pointer encoded as DW_EH_PE says (enc), relative to data for datarel; false for
 * an encoding not known (or indirect, which would read memory elsewhere). */
static bool unwind_pointer(struct unwind_cursor *c, u8 enc, unsigned long data,
			   unsigned long *out)
{
	unsigned long at = c->p, v;
	u16 v16;
	u32 v32;

	if (enc == 0xff || (enc & 0x80))	/* omitted, or indirect */
		return false;
	switch (enc & 0x0f) {
	case 0x00:	/* absptr */
	case 0x04:	/* udata8 */
	case 0x0c:	/* sdata8 */
		unwind_take(c, &v, sizeof(v));
		break;
	case 0x01:
		v = unwind_uleb(c);
		break;
	case 0x09:
		v = unwind_sleb(c);
		break;
	case 0x02:
		unwind_take(c, &v16, sizeof(v16));
		v = v16;
		break;
	case 0x0a:
		unwind_take(c, &v16, sizeof(v16));
		v = (unsigned long)(long)(s16)v16;
		break;
	case 0x03:
		unwind_take(c, &v32, sizeof(v32));
		v = v32;
		break;
	case 0x0b:
		unwind_take(c, &v32, sizeof(v32));
		v = (unsigned long)(long)(s32)v32;
		break;
	default:
		return false;
	}
	switch (enc & 0x70) {
	case 0x00:
		break;
	case 0x10:	/* pcrel */
		v += at;
		break;
	case 0x30:	/* datarel */
		v += data;
		break;
	default:
		return false;
	}
	*out = v;
	return !c->bad;
}

/* The entry (CIE or FDE) at at: its contents in *c, after the length. */
static bool unwind_entry(const struct unwind_object *obj, unsigned long at,
			 struct unwind_cursor *c)
{
	u32 len;

	c->p = at;
	c->end = obj->end;
	c->bad = at < obj->start;
	if (!unwind_take(c, &len, sizeof(len)) || !len || len == 0xffffffff ||
	    len > c->end - c->p)
		return false;
	c->end = c->p + len;
	return true;
}

/* Where the FDE that may cover pc lies, from .eh_frame_hdr's binary search table of
 * (initial location, FDE) pairs, both datarel sdata4 as linkers write it. */
static unsigned long unwind_fde_find(const struct unwind_object *obj, unsigned long pc)
{
	struct unwind_cursor c = { obj->eh_frame_hdr, obj->end, obj->eh_frame_hdr < obj->start };
	unsigned long hdr = obj->eh_frame_hdr, count, skip, lo, hi, table;
	u8 version = unwind_u8(&c), frame_enc = unwind_u8(&c), count_enc = unwind_u8(&c);
	s32 entry[2];

	if (unwind_u8(&c) != 0x3b || version != 1 || !unwind_pointer(&c, frame_enc, hdr, &skip) ||
	    !unwind_pointer(&c, count_enc, hdr, &count) || !count)
		return 0;
	table = c.p;
	if (count > (c.end - table) / sizeof(entry))
		return 0;
	lo = 0;
	hi = count;
	while (hi - lo > 1) {	/* the last entry that starts at pc or before */
		unsigned long mid = lo + (hi - lo) / 2;

		memcpy(entry, (const void *)(table + mid * sizeof(entry)), sizeof(entry));
		if (hdr + entry[0] <= pc)
			lo = mid;
		else
			hi = mid;
	}
	memcpy(entry, (const void *)(table + lo * sizeof(entry)), sizeof(entry));
	return hdr + entry[0] <= pc ? hdr + entry[1] : 0;
}

/* Where the CFA program leaves the registers we follow. */
enum unwind_how { UNWIND_SAME, UNWIND_UNDEFINED, UNWIND_OFFSET, UNWIND_VAL_OFFSET, UNWIND_OTHER };

struct unwind_row {
	bool cfa_expression;
	unsigned long cfa_reg;
	long cfa_offset;
	u8 how[3];		/* the stack pointer, the frame pointer, the return address */
	long offset[3];
};

struct unwind_cie {
	unsigned long code_align;
	long data_align;
	u8 fde_enc;
	bool augmented;
	struct unwind_cursor program;
};

#define UNWIND_REMEMBERED	8

/* Which of the registers we follow reg is; -1 for another. */
static int unwind_reg(unsigned long reg)
{
	return reg == UNWIND_SP ? 0 : reg == UNWIND_FP ? 1 : reg == UNWIND_RA ? 2 : -1;
}

static void unwind_set(struct unwind_row *row, unsigned long reg, u8 how, long offset)
{
	int i = unwind_reg(reg);

	if (i >= 0) {
		row->how[i] = how;
		row->offset[i] = offset;
	}
}

/* An offset times the CIE's data alignment, wrapping as the addresses it is added to. */
static long unwind_scaled(unsigned long v, long align)
{
	return (long)(v * (unsigned long)align);
}

/* A DWARF expression's block, skipped. */
static void unwind_skip_block(struct unwind_cursor *c)
{
	unsigned long len = unwind_uleb(c);

	if (c->bad || len > c->end - c->p)
		c->bad = true;
	else
		c->p += len;
}

/*
 * Runs the CFA program in c on row, for the rows before pc (as libgcc does for a
 * return address: an instruction at pc itself has not run), from *loc; initial is
 * the row after the CIE's instructions, which DW_CFA_restore returns to. False for an
 * operation not known, a location set absolutely, or a program that reads past its
 * end.
 */
static bool unwind_run(struct unwind_cursor *c, const struct unwind_cie *cie,
		       struct unwind_row *row, const struct unwind_row *initial,
		       unsigned long *loc, unsigned long pc)
{
	struct unwind_row remembered[UNWIND_REMEMBERED];
	unsigned int depth = 0;
	unsigned long reg;
	u16 d16;
	u32 d32;

	while (c->p < c->end && *loc < pc && !c->bad) {
		u8 op = unwind_u8(c), low = op & 0x3f;

		switch (op & 0xc0) {
		case 0x40:	/* advance_loc */
			*loc += low * cie->code_align;
			continue;
		case 0x80:	/* offset */
			unwind_set(row, low, UNWIND_OFFSET, unwind_scaled(unwind_uleb(c), cie->data_align));
			continue;
		case 0xc0:	/* restore */
			if (unwind_reg(low) >= 0)
				unwind_set(row, low, initial->how[unwind_reg(low)],
					   initial->offset[unwind_reg(low)]);
			continue;
		}
		switch (op) {
		case 0x00:	/* nop */
			break;
		case 0x02:	/* advance_loc1 */
			*loc += unwind_u8(c) * cie->code_align;
			break;
		case 0x03:
			unwind_take(c, &d16, sizeof(d16));
			*loc += d16 * cie->code_align;
			break;
		case 0x04:
			unwind_take(c, &d32, sizeof(d32));
			*loc += d32 * cie->code_align;
			break;
		case 0x05:	/* offset_extended */
			reg = unwind_uleb(c);
			unwind_set(row, reg, UNWIND_OFFSET, unwind_scaled(unwind_uleb(c), cie->data_align));
			break;
		case 0x06:	/* restore_extended */
			reg = unwind_uleb(c);
			if (unwind_reg(reg) >= 0)
				unwind_set(row, reg, initial->how[unwind_reg(reg)],
					   initial->offset[unwind_reg(reg)]);
			break;
		case 0x07:	/* undefined */
			unwind_set(row, unwind_uleb(c), UNWIND_UNDEFINED, 0);
			break;
		case 0x08:	/* same_value */
			unwind_set(row, unwind_uleb(c), UNWIND_SAME, 0);
			break;
		case 0x09:	/* register: in another register, which we do not follow */
			reg = unwind_uleb(c);
			unwind_uleb(c);
			unwind_set(row, reg, UNWIND_OTHER, 0);
			break;
		case 0x0a:	/* remember_state */
			if (depth == UNWIND_REMEMBERED)
				return false;
			remembered[depth++] = *row;
			break;
		case 0x0b:	/* restore_state */
			if (!depth)
				return false;
			*row = remembered[--depth];
			break;
		case 0x0c:	/* def_cfa */
			row->cfa_reg = unwind_uleb(c);
			row->cfa_offset = (long)unwind_uleb(c);
			row->cfa_expression = false;
			break;
		case 0x0d:	/* def_cfa_register */
			row->cfa_reg = unwind_uleb(c);
			row->cfa_expression = false;
			break;
		case 0x0e:	/* def_cfa_offset */
			row->cfa_offset = (long)unwind_uleb(c);
			break;
		case 0x0f:	/* def_cfa_expression */
			unwind_skip_block(c);
			row->cfa_expression = true;
			break;
		case 0x10:	/* expression */
		case 0x16:	/* val_expression */
			reg = unwind_uleb(c);
			unwind_skip_block(c);
			unwind_set(row, reg, UNWIND_OTHER, 0);
			break;
		case 0x11:	/* offset_extended_sf */
			reg = unwind_uleb(c);
			unwind_set(row, reg, UNWIND_OFFSET, unwind_scaled(unwind_sleb(c), cie->data_align));
			break;
		case 0x12:	/* def_cfa_sf */
			row->cfa_reg = unwind_uleb(c);
			row->cfa_offset = unwind_scaled(unwind_sleb(c), cie->data_align);
			row->cfa_expression = false;
			break;
		case 0x13:	/* def_cfa_offset_sf */
			row->cfa_offset = unwind_scaled(unwind_sleb(c), cie->data_align);
			break;
		case 0x14:	/* val_offset */
			reg = unwind_uleb(c);
			unwind_set(row, reg, UNWIND_VAL_OFFSET, unwind_scaled(unwind_uleb(c), cie->data_align));
			break;
		case 0x15:	/* val_offset_sf */
			reg = unwind_uleb(c);
			unwind_set(row, reg, UNWIND_VAL_OFFSET, unwind_scaled(unwind_sleb(c), cie->data_align));
			break;
		case 0x2e:	/* GNU_args_size */
			unwind_uleb(c);
			break;
		case 0x2f:	/* GNU_negative_offset_extended */
			reg = unwind_uleb(c);
			unwind_set(row, reg, UNWIND_OFFSET, unwind_scaled(-unwind_uleb(c), cie->data_align));
			break;
		default:	/* set_loc, a vendor's (AArch64's return address signing) */
			return false;
		}
	}
	return !c->bad;
}

/* The CIE at at: the FDEs' encoding, the alignments and its initial instructions.
 * False for a signal frame's ('S'), an augmentation not known, a return address in a
 * column not ours. */
static bool unwind_cie_read(const struct unwind_object *obj, unsigned long at,
			    struct unwind_cie *cie)
{
	struct unwind_cursor c, aug;
	unsigned long skip, ra;
	u32 id;
	u8 version, first;

	if (!unwind_entry(obj, at, &c) || !unwind_take(&c, &id, sizeof(id)) || id)
		return false;
	version = unwind_u8(&c);
	if (version != 1 && version != 3)
		return false;
	aug = c;
	while (unwind_u8(&c))
		;
	cie->code_align = unwind_uleb(&c);
	cie->data_align = unwind_sleb(&c);
	ra = version == 1 ? unwind_u8(&c) : unwind_uleb(&c);
	cie->fde_enc = 0;	/* absptr */
	first = unwind_u8(&aug);
	cie->augmented = first == 'z';
	if (c.bad || ra != UNWIND_RA || (first && !cie->augmented))
		return false;
	if (cie->augmented) {
		unsigned long len = unwind_uleb(&c), end = c.p + len;
		u8 letter;

		if (c.bad || len > c.end - c.p)
			return false;
		while ((letter = unwind_u8(&aug))) {
			if (letter == 'R')
				cie->fde_enc = unwind_u8(&c);
			else if (letter == 'L')
				unwind_u8(&c);
			else if (letter != 'P' ||	/* the personality: skipped, not read */
				 !unwind_pointer(&c, unwind_u8(&c) & 0x7f, 0, &skip))
				return false;
		}
		if (c.bad || c.p > end)
			return false;
		c.p = end;
	}
	cie->program = c;
	return !c.bad && !aug.bad;
}

/* The rule of the frame that returns to ip, decoded from obj's tables:
 * UNWIND_RULE_KNOWN alone when it is not one we follow (or no FDE covers ip). */
static unsigned long unwind_rule_decode(const struct unwind_object *obj, unsigned long ip)
{
	unsigned long fde = unwind_fde_find(obj, ip - 1), begin, range, loc;
	struct unwind_cursor c;
	struct unwind_row row = { 0 }, initial;
	struct unwind_cie cie;
	unsigned long rule = UNWIND_RULE_KNOWN, follow;
	s32 cie_ptr;

	if (!fde || !unwind_entry(obj, fde, &c) || !unwind_take(&c, &cie_ptr, sizeof(cie_ptr)) ||
	    !cie_ptr)
		return rule;
	if (!unwind_cie_read(obj, c.p - sizeof(cie_ptr) - cie_ptr, &cie) ||
	    !unwind_pointer(&c, cie.fde_enc, 0, &begin) ||
	    !unwind_pointer(&c, cie.fde_enc & 0x0f, 0, &range) || ip - 1 - begin >= range)
		return rule;
	if (cie.augmented)
		unwind_skip_block(&c);
	loc = begin;
	if (!unwind_run(&cie.program, &cie, &row, &row, &loc, ip))
		return rule;
	initial = row;
	if (!unwind_run(&c, &cie, &row, &initial, &loc, ip) || row.cfa_expression ||
	    (row.cfa_reg != UNWIND_SP && row.cfa_reg != UNWIND_FP) ||
	    row.cfa_offset != (s32)row.cfa_offset ||
	    (row.how[0] != UNWIND_SAME && row.how[0] != UNWIND_UNDEFINED))
		return rule;
	follow = (unsigned long)(u32)row.cfa_offset << UNWIND_RULE_CFA_SHIFT;
	if (row.cfa_reg == UNWIND_FP)
		follow |= UNWIND_RULE_CFA_FP;
	switch (row.how[1]) {
	case UNWIND_SAME:
	case UNWIND_UNDEFINED:	/* as libgcc: unchanged */
		break;
	case UNWIND_OFFSET:
	case UNWIND_VAL_OFFSET:
		if (row.offset[1] % 8 || row.offset[1] / 8 != (s8)(row.offset[1] / 8))
			return rule;
		follow |= (row.how[1] == UNWIND_OFFSET ? UNWIND_RULE_FP_SAVED : UNWIND_RULE_FP_IS_CFA) |
			  (unsigned long)(u8)(row.offset[1] / 8) << UNWIND_RULE_FP_SHIFT;
		break;
	default:
		return rule;
	}
	if (row.how[2] == UNWIND_UNDEFINED)
		return rule | follow | UNWIND_RULE_FOLLOW | UNWIND_RULE_END;
	if (row.how[2] != UNWIND_OFFSET || row.offset[2] % 8 ||
	    row.offset[2] / 8 != (s8)(row.offset[2] / 8))
		return rule;
	return rule | follow | UNWIND_RULE_FOLLOW |
	       (unsigned long)(u8)(row.offset[2] / 8) << UNWIND_RULE_RA_SHIFT;
}

/* The rule kept for ip; 0 if none. */
static unsigned long unwind_rule_find(unsigned long ip)
{
	unsigned long hash = ip * GOLDEN_RATIO_64;	/* each level takes its top bits */

	for (unsigned int l = 0; l < UNWIND_LEVELS; l++) {
		const struct unwind_level *t = __atomic_load_n(&unwind_levels[l], __ATOMIC_ACQUIRE);
		unsigned long mask = (1UL << (UNWIND_LEVEL0_BITS + l)) - 1, seen;

		if (!t)
			return 0;
		for (unsigned long i = hash >> (64 - UNWIND_LEVEL0_BITS - l);; i = (i + 1) & mask) {
			seen = __atomic_load_n(&t->slot[i].ip, __ATOMIC_ACQUIRE);
			if (seen == ip)
				return __atomic_load_n(&t->slot[i].rule, __ATOMIC_ACQUIRE);
			if (!seen)
				break;
		}
	}
	return 0;
}

/* Level l, made if it is not yet (its pages by mmap, published by one exchange). */
static struct unwind_level *unwind_level(unsigned int l)
{
	size_t bytes = sizeof(struct unwind_level) +
		       (sizeof(struct unwind_slot) << (UNWIND_LEVEL0_BITS + l));
	struct unwind_level *t = __atomic_load_n(&unwind_levels[l], __ATOMIC_ACQUIRE), *fresh;

	if (t)
		return t;
	fresh = liblockdep_pages_alloc(bytes);
	if (!fresh)
		return NULL;
	if (__atomic_compare_exchange_n(&unwind_levels[l], &t, fresh, false,
					__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return fresh;
	liblockdep_pages_free(fresh, bytes);	/* another thread's came first */
	return t;
}

/* The slot of ip: the one that holds it, or one claimed for it in the first level with
 * room. NULL when memory runs out. */
static struct unwind_slot *unwind_slot_of(unsigned long ip)
{
	unsigned long hash = ip * GOLDEN_RATIO_64;

	for (unsigned int l = 0; l < UNWIND_LEVELS; l++) {
		struct unwind_level *t = unwind_level(l);
		unsigned long mask = (1UL << (UNWIND_LEVEL0_BITS + l)) - 1, seen;
		bool room;

		if (!t)
			return NULL;
		room = 2 * __atomic_load_n(&t->used, __ATOMIC_RELAXED) < mask;
		for (unsigned long i = hash >> (64 - UNWIND_LEVEL0_BITS - l);; i = (i + 1) & mask) {
			seen = __atomic_load_n(&t->slot[i].ip, __ATOMIC_ACQUIRE);
			if (seen == ip)
				return &t->slot[i];
			if (seen)
				continue;
			if (!room)
				break;
			if (__atomic_compare_exchange_n(&t->slot[i].ip, &seen, ip, false,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				__atomic_fetch_add(&t->used, 1, __ATOMIC_RELAXED);
				return &t->slot[i];
			}
			if (seen == ip)
				return &t->slot[i];
		}
	}
	return NULL;
}

/* The rule of the frame that returns to ip: kept, or decoded and kept. */
static unsigned long unwind_rule(unsigned long ip)
{
	unsigned int generation = __atomic_load_n(&unwind_generation, __ATOMIC_ACQUIRE);
	unsigned long rule = unwind_rule_find(ip);
	struct loaded_object lo;
	struct unwind_object obj;
	struct unwind_slot *slot;

	if (rule)
		return rule;
	if (!loaded_object_of(ip - 1, &lo) || !lo.eh_frame_hdr)
		return 0;
	obj.start = lo.start;
	obj.end = lo.end;
	obj.eh_frame_hdr = (unsigned long)lo.eh_frame_hdr;
	rule = unwind_rule_decode(&obj, ip);
	if (!rule || !(slot = unwind_slot_of(ip)))
		return rule;
	__atomic_store_n(&slot->rule, rule, __ATOMIC_RELEASE);
	/* Code unloaded meanwhile: what was decoded may be of the code before. */
	if (__atomic_load_n(&unwind_generation, __ATOMIC_ACQUIRE) != generation)
		__atomic_store_n(&slot->rule, 0, __ATOMIC_RELEASE);
	return rule;
}

/* dlclose(): the rules of the code at [start, start + size) go with it. */
static void unwind_forget_code(unsigned long start, unsigned long size)
{
	__atomic_fetch_add(&unwind_generation, 1, __ATOMIC_ACQ_REL);
	for (unsigned int l = 0; l < UNWIND_LEVELS; l++) {
		struct unwind_level *t = __atomic_load_n(&unwind_levels[l], __ATOMIC_ACQUIRE);

		for (unsigned long i = 0; t && i < 1UL << (UNWIND_LEVEL0_BITS + l); i++)
			if (__atomic_load_n(&t->slot[i].ip, __ATOMIC_ACQUIRE) - start < size)
				__atomic_store_n(&t->slot[i].rule, 0, __ATOMIC_RELEASE);
	}
}

/* Whether every page of [low, high) can be read: process_vm_readv() of a byte of each
 * into this process, which fails where a read would fault (unmapped, or a guard
 * page). */
static bool unwind_pages_readable(unsigned long low, unsigned long high)
{
	struct iovec remote[UNWIND_PAGES_PER_CHECK], local;
	char bytes[UNWIND_PAGES_PER_CHECK];
	int saved_errno = errno;
	bool readable = true;

	while (readable && low < high) {
		unsigned int n = 0;

		for (; n < UNWIND_PAGES_PER_CHECK && low < high; n++, low += UNWIND_PAGE) {
			remote[n].iov_base = (void *)low;
			remote[n].iov_len = 1;
		}
		local.iov_base = bytes;
		local.iov_len = n;
		readable = syscall(SYS_process_vm_readv, getpid(), &local, 1UL, remote,
				   (unsigned long)n, 0UL) == (long)n;
	}
	errno = saved_errno;
	return readable;
}

/* Whether this thread's stack is known readable from sp up, checked if it is not yet:
 * up to the thread's descriptor, which glibc keeps above a created thread's stack, or
 * to where the main thread's stack began. */
static bool unwind_stack_from(unsigned long sp)
{
	unsigned long high = unwind_stack_high, low = sp & ~(UNWIND_PAGE - 1);

	if (high && sp >= unwind_stack_low && sp < high)
		return true;
	if (high) {	/* deeper than before */
		if (sp > high || high - sp > UNWIND_STACK_MAX ||
		    !unwind_pages_readable(low, unwind_stack_low))
			return false;
		unwind_stack_low = low;
		return true;
	}
	/* The descriptor of a created thread (or of the one a child of fork() was forked
	 * from) lies above sp; the main thread's lies elsewhere, in memory of the loader. */
	high = (unsigned long)pthread_self();
	if (sp >= high)
		high = (unsigned long)__libc_stack_end + sizeof(long);
	if (sp >= high || high - sp > UNWIND_STACK_MAX || !unwind_pages_readable(low, high))
		return false;
	unwind_stack_low = low;
	WRITE_ONCE(unwind_stack_high, high);
	return true;
}

static bool unwind_stack_word(unsigned long addr, unsigned long *word)
{
	if (addr % sizeof(long) || addr < unwind_stack_low || addr >= unwind_stack_high ||
	    unwind_stack_high - addr < sizeof(long))
		return false;
	*word = *(const unsigned long *)addr;
	return true;
}

/*
 * Fills ips[0..size) with the return addresses of this stack from ip up, and sps with
 * the stack pointer at each (its callee's CFA), starting with a frame whose stack and
 * frame pointers are sp and fp. Returns how many; *whole says whether the walk ended
 * where backtrace()'s would (the outermost frame, or size frames), not at a frame it
 * could not follow.
 */
static unsigned int unwind_from(unsigned long ip, unsigned long sp, unsigned long fp,
				unsigned long *ips, unsigned long *sps, unsigned int size,
				bool *whole)
{
	unsigned long rule, cfa, ra;
	unsigned int n = 0;

	*whole = false;
	if (!size || signal_handler_running() || !unwind_stack_from(sp))
		return 0;
	for (;;) {
		ips[n] = ip;
		if (sps)
			sps[n] = sp;
		if (++n == size)
			break;
		rule = unwind_rule(ip);
		if (!(rule & UNWIND_RULE_FOLLOW))
			return n;
		if (rule & UNWIND_RULE_END)
			break;
		cfa = ((rule & UNWIND_RULE_CFA_FP) ? fp : sp) +
		      (long)(s32)(rule >> UNWIND_RULE_CFA_SHIFT);
		if (cfa <= sp || cfa > unwind_stack_high ||
		    !unwind_stack_word(cfa + 8 * (long)(s8)(rule >> UNWIND_RULE_RA_SHIFT), &ra))
			return n;
		if (rule & UNWIND_RULE_FP_IS_CFA)
			fp = cfa + 8 * (long)(s8)(rule >> UNWIND_RULE_FP_SHIFT);
		else if ((rule & UNWIND_RULE_FP_SAVED) &&
			 !unwind_stack_word(cfa + 8 * (long)(s8)(rule >> UNWIND_RULE_FP_SHIFT), &fp))
			return n;
		if (!ra)	/* libgcc's end: backtrace() drops the null address */
			break;
		sp = cfa;
		ip = ra;
	}
	*whole = true;
	return n;
}

/*
 * The return addresses of this stack from the caller's frame up, as backtrace() gives
 * them, and the stack pointer at each: the walk as far as it can follow. noinline:
 * the walk starts from its own frame, whose CFA is the caller's stack pointer, and
 * whose frame pointer (kept, as __builtin_frame_address() asks) holds the caller's.
 */
static noinline unsigned int unwind_frames(unsigned long *ips, unsigned long *sps,
					   unsigned int size, bool *whole)
{
#ifdef UNWIND_RA
	return unwind_from((unsigned long)__builtin_return_address(0),
			   (unsigned long)__builtin_dwarf_cfa(),
			   *(const unsigned long *)__builtin_frame_address(0), ips, sps, size, whole);
#else
	*whole = false;
	return 0;
#endif
}

/* backtrace(frames, size): our walk, or glibc's when ours cannot follow a frame.
 * Inlined, so that either gives the caller's return address first. */
static __always_inline int unwind_backtrace(void **frames, int size)
{
	bool whole;
	unsigned int n = size > 0 ? unwind_frames((unsigned long *)frames, NULL, size, &whole) : 0;

	return n && whole ? (int)n : backtrace(frames, size);
}
