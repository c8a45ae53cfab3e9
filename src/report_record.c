/*
 * A report as data, for what reads reports besides people: the rules file (which may
 * suppress it), JSON and SARIF. It is read from the report's own text while the
 * report is held back (src/printk.c), as report_once.c reads its identity, since
 * lockdep's print functions are its own; the frames of its stacks come with their
 * addresses from stack_trace_print() (src/stacktrace.c), so that each frame's
 * function and object are both known.
 *
 * When the report is complete, and before any of it is written out, its record goes
 * to report_rules_suppress() and then to the outputs. One report is printed at a time
 * (its reporter holds the graph lock), so the record is static storage, bounded:
 * what does not fit is left out of the record and the record says so (truncated),
 * the printed report keeps it.
 */
#define REPORT_RECORD_STACKS_MAX	48
#define REPORT_RECORD_FRAMES_MAX	512
/* Every lock the printed report shows, each a line of it longer than 40 bytes (a
 * thread may hold any number, src/merged_locks.c); its name and site are parts of
 * that line, beside the frames' names. */
#define REPORT_RECORD_LOCKS_MAX		(PRINTK_REPORT_MAX / 40)
#define REPORT_RECORD_TEXT_MAX		(PRINTK_REPORT_MAX + 32768)	/* the record's strings */

/* One frame of a stack. */
struct report_frame {
	unsigned long address;
	const char *function;	/* its symbol, NULL when none is known */
	const char *object;	/* the program or library, as frames name it: "libc.so.6" */
	unsigned long offset;	/* from the function's start, or else the object's */
	const char *file;	/* file:line where the report printed them, else NULL, 0 */
	unsigned int line;
};

/* A lock the report shows: "0000555c0449e1e0 (first_lock){+...}-{3:4}, at: f+0x25". */
struct report_lock {
	const char *class_name;	/* as printed: "first_lock", "lock_a#2" */
	unsigned long address;	/* of the lock; 0 when the line gives none */
	const char *site;	/* where it was taken, as printed ("backward+0x25"); or NULL */
	bool held;		/* listed among the locks the thread holds */
};

/* One stack trace of the report and the line that introduced it. */
struct report_stack {
	const char *title;	/* "-> #1 (second_lock){+...}-{3:4}:", "Call Trace:" */
	const char *class_name;	/* the class the title names, or NULL */
	bool chain_link;	/* a link of the dependency chain ("-> #1 ...") */
	unsigned int first_frame, nr_frames;	/* in frames[] */
	unsigned int nr_plumbing;	/* frames it starts with in the locking plumbing */
};

struct report_record {
	struct report_about about;	/* kind, headline, fingerprint, classes */
	int pid, tid;
	const char *program, *thread;
	unsigned int nr_locks, nr_stacks, nr_frames;
	struct report_lock locks[REPORT_RECORD_LOCKS_MAX];
	struct report_stack stacks[REPORT_RECORD_STACKS_MAX];
	struct report_frame frames[REPORT_RECORD_FRAMES_MAX];
	bool truncated;		/* some of the report did not fit in the record */
	bool suppressed;	/* by the rules file */
};

/* Whether the rules file suppresses the report (src/rules.c). */
static bool report_rules_suppress(const struct report_record *record);

static struct report_record report_record;
static struct {
	char text[REPORT_RECORD_TEXT_MAX];
	size_t len;
	bool in_held_locks;	/* after "2 locks held by x/12:", to a blank line */
	bool frame_pending;	/* the next line is the last frame's */
	bool previous_was_frame;
	bool in_plumbing;	/* the stack's frames so far may all be locking plumbing */
	int lock_wanting_site;	/* a "(name) at:" lock whose site is the next line; or -1 */
	char title[REPORT_NAME_MAX];	/* the last line that was not a frame */
	char link[REPORT_NAME_MAX];	/* the last "-> (name)..." line */
} report_reading;
static __thread bool report_recording;
static unsigned long liblockdep_reports_suppressed;

static void report_json_write(const struct report_record *record);
static void report_sarif_keep(const struct report_record *record);
static bool lock_plumbing_frame(unsigned long ip, unsigned int index, unsigned int *plumbing);

/*
 * Where a stack shows the program: its first frame out of the locking plumbing
 * (src/lock_plumbing.c), as the "at:" of a lock taken there is, so that at -O0 a
 * std::mutex is placed in the user's code and not in libstdc++'s; its first frame
 * when it has no other. NULL for a stack without frames.
 */
static const struct report_frame *report_stack_place(const struct report_frame *frames,
						      const struct report_stack *stack)
{
	unsigned int skip = stack->nr_plumbing < stack->nr_frames ? stack->nr_plumbing : 0;

	return stack->nr_frames ? &frames[stack->first_frame + skip] : NULL;
}

/* A copy in the record's storage; NULL when it is full. */
static const char *report_record_keep(const char *text, size_t len)
{
	char *copy = report_reading.text + report_reading.len;

	if (report_reading.len + len + 1 > sizeof(report_reading.text)) {
		report_record.truncated = true;
		return NULL;
	}
	memcpy(copy, text, len);
	copy[len] = '\0';
	report_reading.len += len + 1;
	return copy;
}

static void report_record_begin(void)
{
	memset(&report_record, 0, sizeof(report_record));
	report_reading.len = 0;
	report_reading.in_held_locks = false;
	report_reading.frame_pending = false;
	report_reading.previous_was_frame = false;
	report_reading.lock_wanting_site = -1;
	report_reading.title[0] = '\0';
	report_reading.link[0] = '\0';
	report_recording = true;
}

/* The class a stack is about: the one its title names, or the link it is part of
 * ("-> (name){...} {" then "IN-HARDIRQ-W at:"). */
static const char *report_stack_class(void)
{
	const char *name;
	size_t len;
	int inner;

	if (report_next_class(report_reading.title, &name, &len, &inner) ||
	    report_next_class(report_reading.link, &name, &len, &inner))
		return report_record_keep(name, len);
	return NULL;
}

/* A frame lockdep is about to print, in the stack the lines before it began. */
static void report_record_frame(unsigned long address)
{
	struct report_record *r = &report_record;
	struct report_stack *stack;
	struct report_frame *frame;
	const char *name;

	if (!report_recording)
		return;
	if (!report_reading.previous_was_frame) {
		if (r->nr_stacks == REPORT_RECORD_STACKS_MAX) {
			r->truncated = true;
			return;
		}
		stack = &r->stacks[r->nr_stacks++];
		*stack = (struct report_stack){ .first_frame = r->nr_frames };
		stack->title = report_record_keep(report_reading.title,
						  strlen(report_reading.title));
		stack->chain_link = report_starts(report_reading.title, "-> #");
		stack->class_name = report_stack_class();
		report_reading.previous_was_frame = true;
		report_reading.in_plumbing = true;
	}
	stack = &r->stacks[r->nr_stacks - 1];
	if (r->nr_frames == REPORT_RECORD_FRAMES_MAX) {
		r->truncated = true;
		return;
	}
	frame = &r->frames[r->nr_frames++];
	stack->nr_frames++;
	*frame = (struct report_frame){ .address = address };
	if (report_reading.in_plumbing)
		report_reading.in_plumbing = lock_plumbing_frame(address, stack->nr_frames - 1,
								 &stack->nr_plumbing);
	if ((name = liblockdep_object_at(address, &frame->offset)))
		frame->object = report_record_keep(name, strlen(name));
	if ((name = liblockdep_symbol_at(address, &frame->offset, NULL)))
		frame->function = report_record_keep(name, strlen(name));
	report_reading.frame_pending = true;
}

/* "  main+0x10 (/src/x.c:12)": the file and line of the frame just printed. */
static void report_frame_line(const char *line, size_t len)
{
	struct report_frame *frame = &report_record.frames[report_record.nr_frames - 1];
	const char *open = NULL, *colon = NULL, *p;
	unsigned int number = 0;

	if (len < 4 || line[len - 1] != ')')
		return;
	for (p = line; p + 1 < line + len; p++)
		if (p[0] == ' ' && p[1] == '(')
			open = p + 2;
	for (p = open; p && p < line + len - 1; p++)
		if (*p == ':')
			colon = p;
	if (!colon || colon == open)
		return;
	for (p = colon + 1; *p >= '0' && *p <= '9'; p++)
		number = number * 10 + (*p - '0');
	if (p != line + len - 1 || p == colon + 1)
		return;
	frame->file = report_record_keep(open, colon - open);
	frame->line = number;
}

/* A 16-digit address, as lockdep prints a lock's ("%px"); or 0. */
static unsigned long report_parse_address(const char *text, const char *end)
{
	unsigned long address = 0;

	if (end - text != 16)
		return 0;
	for (; text < end; text++) {
		int digit = *text >= '0' && *text <= '9' ? *text - '0' :
			    *text >= 'a' && *text <= 'f' ? *text - 'a' + 10 : -1;

		if (digit < 0)
			return 0;
		address = address << 4 | digit;
	}
	return address;
}

/*
 * A line that shows a lock: "[ #0: ]ADDRESS (name){usage}-{o:i}, at: SITE", or one
 * without an address that names a lock and is followed by its site,
 * "x/12 is trying to release lock (name) at:".
 */
static void report_lock_line(const char *line, size_t len)
{
	struct report_record *r = &report_record;
	const char *start = line, *name, *at;
	struct report_lock *lock;
	bool site_follows;
	size_t name_len;
	int inner;

	if (!report_next_class(line, &name, &name_len, &inner) || report_starts(line, "->") ||
	    report_starts(line, " ->"))
		return;
	while (*start == ' ')
		start++;
	if (*start == '#' && (at = strstr(start, ": ")) && at < name)
		start = at + 2;
	if (r->nr_locks == REPORT_RECORD_LOCKS_MAX) {
		r->truncated = true;
		return;
	}
	lock = &r->locks[r->nr_locks];
	*lock = (struct report_lock){
		.address = report_parse_address(start, name - 2),
		.held = report_reading.in_held_locks,
	};
	/* Else only "lock (name) at:" and " (name){...}" show a lock. */
	site_follows = len > 4 && !strcmp(line + len - 4, " at:");
	if (!lock->address && !site_follows && start + 1 != name)
		return;
	lock->class_name = report_record_keep(name, name_len);
	if ((at = strstr(name + name_len, ", at: ")))
		lock->site = report_record_keep(at + 6, line + len - at - 6);
	else if (site_follows)
		report_reading.lock_wanting_site = (int)r->nr_locks;
	r->nr_locks++;
}

/* The site line after "... lock (name) at:": "[<000055c4f92b5080>] main+0x10". */
static void report_site_line(const char *line, size_t len)
{
	struct report_lock *lock = &report_record.locks[report_reading.lock_wanting_site];
	const char *site = line, *end = line + len, *address_end;

	report_reading.lock_wanting_site = -1;
	if (report_starts(line, "[<") && (address_end = strstr(line, "] ")))
		site = address_end + 2;
	while (site < end && *site == ' ')
		site++;
	lock->site = report_record_keep(site, end - site);
}

/* Each line of the report, without its newline, after report_once.c has read it. */
static void report_record_note_line(const char *line, size_t len)
{
	if (!report_recording)
		return;
	if (report_reading.frame_pending) {
		report_reading.frame_pending = false;
		report_frame_line(line, len);
		return;
	}
	report_reading.previous_was_frame = false;
	if (report_reading.lock_wanting_site >= 0) {
		report_site_line(line, len);
		return;
	}
	if (report_is_held_locks_line(line)) {
		report_reading.in_held_locks = true;
	} else if (!len) {	/* a list of held locks, a link, ends here */
		report_reading.in_held_locks = false;
		report_reading.link[0] = '\0';
	} else {
		report_lock_line(line, len);
	}
	if (len) {
		while (*line == ' ')
			line++, len--;
		len = min(len, sizeof(report_reading.title) - 1);
		memcpy(report_reading.title, line, len);
		report_reading.title[len] = '\0';
		if (report_starts(line, "-> "))
			memcpy(report_reading.link, report_reading.title, len + 1);
	}
}

/*
 * The report that was being read is complete; printing says whether it is to be
 * printed (it repeats no other). If so, its record is made whole, its fingerprint
 * line is added at its end, and the rules and the outputs see it; a report the rules
 * suppress is dropped. Returns whether the report is printed.
 */
static bool report_record_end(bool printing)
{
	struct report_record *r = &report_record;

	report_recording = false;
	if (!printing)
		return false;
	report_identity_describe(&r->about);
	r->pid = (int)getpid();
	r->program = process_name();
	r->tid = current->pid;
	r->thread = current->comm;
	printk_report_close();
	printk("fingerprint: %s\n", r->about.fingerprint);
	r->suppressed = report_rules_suppress(r);
	report_json_write(r);
	report_sarif_keep(r);
	if (r->suppressed) {
		__atomic_add_fetch(&liblockdep_reports_suppressed, 1, __ATOMIC_RELAXED);
		printk_discard_report();
	}
	return !r->suppressed;
}
