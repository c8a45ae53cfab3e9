/*
 * Locks made by a type's instance init, for the objects of many creators. A type
 * system calls each type's init function through a pointer: GObject's
 * g_type_create_instance() calls gst_pad_init(), which makes the pad's stream lock,
 * for every pad of every element. As one class, the pads on either side of an
 * element's own lock made false cycles: the encoder's sink pad held over the
 * encoder's stream lock, which is held over the next element's sink pad (GStreamer,
 * two reports in every run of a pipeline with an encoder and a decoder).
 *
 * What the object is for is said further up the stack, by the code that asked for
 * it: past the type system's and the library's generic functions (g_object_new(),
 * gst_pad_new_from_template(), all called directly), the first function that was
 * itself called through a pointer is another type's init (the queue's, the video
 * encoder's), and the call it made is the object's creator. So when a lock's init
 * site lies in a function called through a pointer, its locks are keyed by the site
 * and that creator, as a lock maker's are by its callers (src/lock_makers.c): the
 * first creator keeps the site's class, each later one is a sibling class, and
 * siblings are nested by instance. No name is known: a call is told by the
 * machine code before its return address.
 *
 * A creator is a place in the code, not an object: GstBaseTransform's init makes
 * the sink pad of every converter, scaler and flipper by one call, so a chain
 * without queues (videoconvert ! jpegenc ! jpegdec ! videoconvert) holds a
 * converter's pad over the encoder's stream lock, and the encoder's lock over the
 * next converter's pad: one class on both sides, four false reports. Which locks a
 * pad's is nested with is a fact of the objects (how the pipeline links them), not
 * of their types. So every class a type's init makes for a creator is a sibling of
 * every other such class, the encoder's too (lock_sites_siblings()): their order
 * is judged by instance, where first pad -> encoder -> last pad is no cycle, and a
 * cycle over the same objects (a pad on both sides of the encoder's lock, a ring
 * of pads and encoders made in one loop) is reported. A lock that no type's init
 * made (a static lock, one made by code called directly) keeps lockdep's classes:
 * two pads on either side of a static lock are a cycle, as in the kernel.
 */
#define LOCK_CREATOR_DEPTH	16

/* Whether the instruction that ends at ret is an x86-64 call through a register or
 * through memory that a register points to (not a fixed slot such as the GOT). */
#if defined(__x86_64__)
static bool x86_pointer_call_before(const u8 *ret, unsigned int len)
{
	const u8 *p = ret - len;
	unsigned int n = (p[0] & 0xf0) == 0x40;	/* a REX prefix */
	u8 modrm, mod, rm;

	if (p[n++] != 0xff)
		return false;
	modrm = p[n++];
	mod = modrm >> 6;
	rm = modrm & 7;
	if (((modrm >> 3) & 7) != 2)	/* FF /2: call */
		return false;
	if (mod != 3 && rm == 4) {	/* a SIB byte; without a base, a disp32 */
		if ((p[n++] & 7) == 5 && mod == 0)
			n += 4;
	} else if (mod == 0 && rm == 5) {	/* a fixed slot, RIP-relative */
		return false;
	}
	n += mod == 1 ? 1 : mod == 2 ? 4 : 0;
	return n == len;
}
#endif

/* 1 when the call that returns to ret went through a pointer, 0 when it was direct,
 * -1 when the code does not say. */
static int lock_call_through_pointer(unsigned long ret)
{
	struct loaded_object obj;

	/* Code of a loaded object only (not a JIT's), read no further back than it. */
	if (!loaded_object_of(ret, &obj) || ret - obj.start < 8)
		return -1;
#if defined(__x86_64__)
	const u8 *p = (const u8 *)ret;
	s32 rel;

	if (p[-5] == 0xe8) {		/* call rel32, into the same object (or its PLT) */
		memcpy(&rel, p - 4, sizeof(rel));
		if (ret + rel - obj.start < obj.end - obj.start)
			return 0;
	}
	for (unsigned int len = 2; len <= 8; len++)
		if (x86_pointer_call_before(p, len))
			return 1;
	return p[-6] == 0xff && p[-5] == 0x15 ? 0 : -1;
#elif defined(__aarch64__)
	u32 insn;

	memcpy(&insn, (const void *)(ret - 4), sizeof(insn));
	if ((insn & 0xfc000000) == 0x94000000)	/* bl */
		return 0;
	return (insn & 0xfffffc1f) == 0xd63f0000 ? 1 : -1;	/* blr */
#else
	return -1;
#endif
}

/*
 * trace[0..n) is the stack of a lock's init, whose site is trace[k]. When the site's
 * function was called through a pointer (*through set), the creator: the call in the
 * first function above it that was called through a pointer itself; 0 when the
 * stack does not reach it.
 */
static unsigned long lock_creator_in(const unsigned long *trace, unsigned int n,
				     unsigned int k, bool *through)
{
	*through = k + 1 < n && lock_call_through_pointer(trace[k + 1]) == 1;
	if (!*through)
		return 0;
	for (unsigned int i = k + 1; i + 1 < n; i++)
		if (lock_call_through_pointer(trace[i + 1]) == 1)
			return trace[i];
	return 0;
}
