/*
 * LIBLOCKDEP_JSON=path: one JSON object per line for each report, suppressed ones
 * too (marked so), and a summary object when the process exits; appended, and each %p
 * in the name is the pid (src/log_file.c). The format is docs/liblockdep-json.schema.json;
 * every scenario's output is validated against it (tests/run.sh).
 *
 * A report's line is written with one write(2) when it fits in its buffer, so that
 * lines of processes appending to one file do not mix; reports are made one at a time
 * (the reporter holds the graph lock), so the buffer is static.
 */
#define REPORT_JSON_BUFFER	(128 * 1024)

static char report_json_buffer[REPORT_JSON_BUFFER];

static void report_json_frame(struct json_out *o, const struct report_frame *frame)
{
	json_open(o, '{');
	json_member_address(o, "address", frame->address);
	json_member_string(o, "function", frame->function);
	json_member_string(o, "object", frame->object);
	json_member_number(o, "offset", frame->offset);
	json_member_string(o, "file", frame->file);
	if (frame->file)
		json_member_number(o, "line", frame->line);
	json_close(o, '}');
}

static void report_json_frames(struct json_out *o, const char *key,
			       const struct report_record *r, const struct report_stack *stack)
{
	json_key(o, key);
	json_open(o, '[');
	for (unsigned int i = 0; i < stack->nr_frames; i++)
		report_json_frame(o, &r->frames[stack->first_frame + i]);
	json_close(o, ']');
}

static void report_json_locks(struct json_out *o, const char *key,
			      const struct report_record *r, bool held)
{
	json_key(o, key);
	json_open(o, '[');
	for (unsigned int i = 0; i < r->nr_locks; i++) {
		const struct report_lock *lock = &r->locks[i];

		if (lock->held != held)
			continue;
		json_open(o, '{');
		json_member_string(o, "class", lock->class_name);
		if (lock->address)
			json_member_address(o, "address", lock->address);
		json_member_string(o, "site", lock->site);
		json_close(o, '}');
	}
	json_close(o, ']');
}

/* The dependency chain's links, then the report's other stacks (its backtrace...). */
static void report_json_stacks(struct json_out *o, const struct report_record *r,
			       bool chain)
{
	json_key(o, chain ? "chain" : "stacks");
	json_open(o, '[');
	for (unsigned int i = 0; i < r->nr_stacks; i++) {
		const struct report_stack *stack = &r->stacks[i];
		const struct report_frame *place = report_stack_place(r->frames, stack);

		if (stack->chain_link != chain)
			continue;
		json_open(o, '{');
		json_member_string(o, "title", stack->title);
		json_member_string(o, "class", stack->class_name);
		if (place) {
			json_key(o, "location");
			report_json_frame(o, place);
		}
		report_json_frames(o, "frames", r, stack);
		json_close(o, '}');
	}
	json_close(o, ']');
}

/* The report's object (tests/fuzz/report_record.c makes one of any report text). */
static void report_json_object(struct json_out *o, const struct report_record *r)
{
	json_open(o, '{');
	json_member_string(o, "type", "report");
	json_member_string(o, "kind", r->about.kind);
	json_member_string(o, "headline", r->about.headline);
	json_member_string(o, "fingerprint", r->about.fingerprint);
	json_member_bool(o, "suppressed", r->suppressed);
	json_key(o, "process");
	json_open(o, '{');
	json_member_number(o, "pid", r->pid);
	json_member_string(o, "name", r->program);
	json_close(o, '}');
	json_key(o, "thread");
	json_open(o, '{');
	json_member_number(o, "tid", r->tid);
	json_member_string(o, "name", r->thread);
	json_close(o, '}');
	json_key(o, "classes");
	json_open(o, '[');
	for (unsigned int i = 0; i < r->about.nr_classes; i++)
		json_string(o, r->about.classes[i]);
	json_close(o, ']');
	report_json_locks(o, "locks", r, false);
	report_json_locks(o, "held", r, true);
	report_json_stacks(o, r, true);
	report_json_stacks(o, r, false);
	json_member_bool(o, "truncated", r->truncated);
	json_close(o, '}');
}

static void report_json_write(const struct report_record *r)
{
	struct json_out o = { .file = &json_file, .buf = report_json_buffer,
			      .size = sizeof(report_json_buffer) };

	if (!json_file.pattern[0])
		return;
	report_json_object(&o, r);
	json_raw(&o, "\n", 1);
	json_flush(&o);
}

/* At exit: the process's totals. */
static void report_json_summary(unsigned long reports)
{
	char buffer[1024];
	struct json_out o = { .file = &json_file, .buf = buffer, .size = sizeof(buffer) };

	if (!json_file.pattern[0])
		return;
	json_open(&o, '{');
	json_member_string(&o, "type", "summary");
	json_key(&o, "process");
	json_open(&o, '{');
	json_member_number(&o, "pid", getpid());
	json_member_string(&o, "name", process_name());
	json_close(&o, '}');
	json_member_number(&o, "reports", reports);
	json_member_number(&o, "suppressed", READ_ONCE(liblockdep_reports_suppressed));
	json_member_number(&o, "lock_classes", nr_lock_classes);
	json_member_number(&o, "dependencies", nr_list_entries);
	json_member_number(&o, "lock_chains", lock_chain_count());
	json_member_number(&o, "max_held_depth", max_lockdep_depth);
	json_close(&o, '}');
	json_raw(&o, "\n", 1);
	json_flush(&o);
}
