/*
 * printk for lockdep's reports. glibc's printf does not know the kernel's format
 * extensions, so each conversion is formatted here: %pS/%ps print a symbol
 * (src/symbols.c), %px a raw pointer, %L means long long.
 * Output is assembled a line at a time per thread (KERN_CONT continues a line), and a
 * whole report is held back until it is complete, then written with one write(2), so
 * reports from different threads never interleave.
 *
 * Nothing here allocates: a report may be printed from a signal handler that
 * interrupted malloc (src/signals.c). A line longer than a buffer is cut. A report is
 * held whole until its end, so that a rule can still suppress it there
 * (src/report_record.c): what does not fit in its buffer is left out, and a line at
 * its end says how much; the lines that close a report (its fingerprint) always fit.
 * A report found to repeat one already printed (src/report_once.c) is discarded:
 * what is held back is dropped and the rest is not even formatted.
 *
 * A kernel log level is read from the start of the formatted text, as the kernel
 * does, so a level passed through "%s" (print_ip_sym()) is a level too; no control
 * character other than a tab reaches the output.
 */
#define PRINTK_LINE_MAX 1024
#define PRINTK_REPORT_MAX 262144
#define PRINTK_REPORT_CLOSING_ROOM 4096	/* kept for the lines that end a report */

static __thread struct {
	char text[PRINTK_LINE_MAX];
	size_t len;
} printk_line;
static __thread bool printk_holding_report;
static __thread bool printk_discarding;

/* One report at a time in the process: its reporter holds the graph lock from its
 * first line to its last (src/runtime.c). */
static struct {
	char text[PRINTK_REPORT_MAX];
	size_t len;
	size_t cut;		/* bytes left out */
	bool closing;		/* the closing room may be used */
} printk_report;

static int log_file_fd(void);
static pthread_mutex_t output_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Whether all of text was written. */
static bool write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t done = write(fd, text, len);

		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0)
			return false;
		text += done;
		len -= done;
	}
	return true;
}

static void liblockdep_output(const char *text, size_t len)
{
	int saved_errno = errno;

	internal_lock(&output_mutex);
	write_all(log_file_fd(), text, len);
	internal_unlock(&output_mutex);
	errno = saved_errno;
}

static void liblockdep_line_done(const char *line, size_t len);

static void printk_report_append(const char *text, size_t len)
{
	size_t room = sizeof(printk_report.text) - printk_report.len;

	if (!printk_report.closing)
		room -= min(room, (size_t)PRINTK_REPORT_CLOSING_ROOM);
	if (len > room) {
		printk_report.cut += len;
		return;
	}
	memcpy(printk_report.text + printk_report.len, text, len);
	printk_report.len += len;
}

/* A finished line goes to the report being held back, or straight out. */
static void printk_end_line(void)
{
	printk_line.text[printk_line.len++] = '\n';
	printk_line.text[printk_line.len] = '\0';
	liblockdep_line_done(printk_line.text, printk_line.len);
	if (printk_discarding)
		;	/* the line that told the report is a repeat */
	else if (printk_holding_report)
		printk_report_append(printk_line.text, printk_line.len);
	else
		liblockdep_output(printk_line.text, printk_line.len);
	printk_line.len = 0;
}

/* What was just formatted into the line, from start on: a level inside a line is
 * dropped, any other control character but a tab or a newline shown as '?'. Returns
 * the line's new length. */
static size_t printk_line_clean(size_t start, size_t len)
{
	char *in = printk_line.text + start, *end = in + len, *out = in;

	for (; in < end; in++) {
		if (*in == KERN_SOH[0]) {	/* and its level */
			in += in + 1 < end;
			continue;
		}
		*out++ = (*in > 0 && *in < ' ' && *in != '\t' && *in != '\n') || *in == 0x7f ?
			 '?' : *in;
	}
	*out = '\0';
	return out - printk_line.text;
}

/* Ends the line held so far at len, and moves what follows it, rest bytes from
 * len + skip, to the front: printk_end_line() writes over the two bytes at len. */
static void printk_end_line_at(size_t len, size_t skip, size_t rest)
{
	char kept[2] = { printk_line.text[len], printk_line.text[len + 1] };

	printk_line.len = len;
	printk_end_line();
	printk_line.text[len] = kept[0];
	printk_line.text[len + 1] = kept[1];
	memmove(printk_line.text, printk_line.text + len + skip, rest + 1);
	printk_line.len = rest;
}

static void printk_hold_report(void)
{
	printk_holding_report = true;
}

/* The report being held back repeats one already printed: nothing more of it. */
static void printk_discard_report(void)
{
	printk_discarding = true;
	printk_report.len = 0;
}

static void printk_stop_discarding(void)
{
	printk_discarding = false;
}

static bool printk_report_discarded(void)
{
	return printk_discarding;
}

/* What follows closes the report: it goes in the room kept for it. */
static void printk_report_close(void)
{
	if (printk_line.len)
		printk_end_line();
	printk_report.closing = true;
	if (printk_report.cut)
		printk("liblockdep: %zu bytes of this report left out: it is longer than "
		       "%d bytes\n", printk_report.cut, PRINTK_REPORT_MAX - PRINTK_REPORT_CLOSING_ROOM);
}

static void printk_release_report(void)
{
	if (printk_line.len)
		printk_end_line();
	printk_holding_report = false;
	printk_discarding = false;
	if (printk_report.len)
		liblockdep_output(printk_report.text, printk_report.len);
	printk_report.len = 0;
	printk_report.cut = 0;
	printk_report.closing = false;
}

static const void *liblockdep_lock_of_map(const void *map);

/*
 * The conversions are formatted here rather than by snprintf(): glibc's printf
 * machinery takes well over a kilobyte of stack per call, and reports are printed on
 * small thread stacks and in signal handlers. Output that does not fit is cut.
 */
struct printk_out {
	char *buf;
	size_t size, len;	/* buf[len] is always the terminating NUL */
	bool escape;		/* a report's %s: control bytes escaped */
};

struct printk_spec {
	bool left, zero, plus, space, alt;
	int width, precision;	/* -1: none */
};

static void out_put(struct printk_out *o, const char *text, size_t len)
{
	len = min(len, o->size - 1 - o->len);
	memcpy(o->buf + o->len, text, len);
	o->len += len;
	o->buf[o->len] = '\0';
}

static void out_puts(struct printk_out *o, const char *text)
{
	out_put(o, text, strlen(text));
}

static void out_pad(struct printk_out *o, char c, long n)
{
	while (n-- > 0 && o->len + 1 < o->size)
		out_put(o, &c, 1);
}

static void out_string(struct printk_out *o, const char *text, const struct printk_spec *sp)
{
	size_t len;

	text = text ?: "(null)";
	len = sp->precision >= 0 ? strnlen(text, sp->precision) : strlen(text);
	if (!sp->left)
		out_pad(o, ' ', sp->width - (long)len);
	out_put(o, text, len);
	if (sp->left)
		out_pad(o, ' ', sp->width - (long)len);
}

/* A control byte as C writes it in a string: "\n", "\t", "\r", "\x1b"; else 0. */
static size_t control_byte_escape(unsigned char c, char out[4])
{
	static const char hex[] = "0123456789abcdef";
	const char *named = c == '\n' ? "n" : c == '\t' ? "t" : c == '\r' ? "r" : NULL;

	if (c >= 0x20 && c != 0x7f)
		return 0;
	out[0] = '\\';
	if (named) {
		out[1] = *named;
		return 2;
	}
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 15];
	return 4;
}

/*
 * A string a report prints, a class's or a thread's name, with its control bytes
 * escaped: a newline in a name must not end the line, cut the name where a report's
 * identity, rule line, JSON and SARIF read it, or make two names one. A kernel log
 * level passed as a string stays one (vprintk() reads it).
 */
static void out_string_escaped(struct printk_out *o, const char *text,
			       const struct printk_spec *sp)
{
	size_t len = sp->precision >= 0 ? strnlen(text, sp->precision) : strlen(text);
	size_t width = 0, n;
	char esc[4];

	for (size_t i = 0; i < len; i++)
		width += control_byte_escape(text[i], esc) ?: 1;
	if (!sp->left)
		out_pad(o, ' ', sp->width - (long)width);
	for (size_t i = 0; i < len; i++) {
		n = control_byte_escape(text[i], esc);
		out_put(o, n ? esc : text + i, n ?: 1);
	}
	if (sp->left)
		out_pad(o, ' ', sp->width - (long)width);
}

static void out_number(struct printk_out *o, unsigned long long value, bool negative,
		       unsigned int base, bool upper, const struct printk_spec *sp)
{
	const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	const char *prefix = negative ? "-" : sp->plus ? "+" : sp->space ? " " : "";
	char digits[24];
	long n = 0, zeros, pad;

	if (sp->alt && value && base != 10)
		prefix = base == 8 ? "0" : upper ? "0X" : "0x";
	while (value || (!n && sp->precision)) {
		digits[n++] = set[value % base];
		value /= base;
	}
	zeros = max((long)sp->precision - n, 0L);
	if (sp->zero && !sp->left && sp->precision < 0)
		zeros = max((long)sp->width - (long)strlen(prefix) - n, 0L);
	pad = sp->width - (long)strlen(prefix) - zeros - n;
	if (!sp->left)
		out_pad(o, ' ', pad);
	out_puts(o, prefix);
	out_pad(o, '0', zeros);
	while (n)
		out_put(o, &digits[--n], 1);
	if (sp->left)
		out_pad(o, ' ', pad);
}

static void out_hex(struct printk_out *o, unsigned long value, int width)
{
	struct printk_spec sp = { .zero = width > 0, .width = width, .precision = -1 };

	out_number(o, value, false, 16, false, &sp);
}

static bool secure_execution(void);	/* src/environment.c */

/*
 * A raw address: in a secure-execution process none, since any one of them, less a
 * symbol's offset, tells the unprivileged caller of a setuid program where it is
 * loaded. A lock's (width 16) is then all zeros, as the kernel prints a restricted
 * %pK; another is "(hidden)".
 */
static void out_address(struct printk_out *o, unsigned long addr, int width)
{
	if (secure_execution()) {
		out_puts(o, width ? "0000000000000000" : "(hidden)");
		return;
	}
	if (!width)
		out_puts(o, "0x");
	out_hex(o, addr, width);
}

/* "name+0x1f", or for an address with no symbol a place in its object, which
 * addr2line and a debugger understand: "libc.so.6+0x27d8a". */
static const char *remembered_frame_text(unsigned long addr);

static void out_symbol(struct printk_out *o, unsigned long addr, bool with_offset)
{
	unsigned long offset;
	const char *name = remembered_frame_text(addr);

	if (name) {	/* a frame of another process's stack (src/graph_replay.c) */
		out_puts(o, name);
		return;
	}
	name = liblockdep_symbol_at(addr, &offset, NULL);
	if (!name) {
		name = liblockdep_object_at(addr, &offset);
		with_offset = true;
	}
	if (!name || !name[0]) {
		out_address(o, addr, 0);
		return;
	}
	out_puts(o, name);
	if (with_offset) {
		out_puts(o, "+0x");
		out_hex(o, offset, 0);
	}
}

/* One %p extension; returns how many format chars it consumed. */
static size_t out_pointer(struct printk_out *o, const char *ext, void *ptr)
{
	switch (*ext) {
	case 'S':
	case 's':
	case 'B':
		out_symbol(o, (unsigned long)ptr, *ext != 's');
		return 1;
	case 'x':
	case 'K':
		/* Lockdep shows a held lock by its lockdep_map; the user knows the lock. */
		out_address(o, (unsigned long)liblockdep_lock_of_map(ptr), 16);
		return 1;
	default:
		if (!ptr)
			out_puts(o, "(nil)");
		else
			out_address(o, (unsigned long)ptr, 0);
		return 0;
	}
}

/* Flags, width and precision (which may come from the arguments) of a conversion. */
static const char *parse_spec(const char *fmt, struct printk_spec *sp, va_list *ap)
{
	*sp = (struct printk_spec){ .width = -1, .precision = -1 };
	for (;; fmt++) {
		if (*fmt == '-')
			sp->left = true;
		else if (*fmt == '0')
			sp->zero = true;
		else if (*fmt == '+')
			sp->plus = true;
		else if (*fmt == ' ')
			sp->space = true;
		else if (*fmt == '#')
			sp->alt = true;
		else
			break;
	}
	if (*fmt == '*') {
		sp->width = va_arg(*ap, int);
		fmt++;
		if (sp->width < 0) {
			sp->left = true;
			sp->width = -sp->width;
		}
	}
	for (; *fmt >= '0' && *fmt <= '9'; fmt++)
		sp->width = max(sp->width, 0) * 10 + (*fmt - '0');
	if (*fmt == '.') {
		fmt++;
		sp->precision = 0;
		if (*fmt == '*') {
			sp->precision = va_arg(*ap, int);
			fmt++;
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			sp->precision = sp->precision * 10 + (*fmt - '0');
	}
	return fmt;
}

/* Length modifiers: h, l, ll, z, t, j; the kernel's L means long long. */
static const char *parse_length(const char *fmt, int *lengths)
{
	*lengths = 0;
	for (; *fmt && strchr("hlLztj", *fmt); fmt++) {
		if (*fmt == 'l' || *fmt == 'L')
			(*lengths)++;
		else if (*fmt == 'z' || *fmt == 't' || *fmt == 'j')
			*lengths = 1;
	}
	return fmt;
}

static unsigned long long arg_unsigned(va_list *ap, int lengths)
{
	if (lengths >= 2)
		return va_arg(*ap, unsigned long long);
	return lengths ? va_arg(*ap, unsigned long) : va_arg(*ap, unsigned int);
}

static long long arg_signed(va_list *ap, int lengths)
{
	if (lengths >= 2)
		return va_arg(*ap, long long);
	return lengths ? va_arg(*ap, long) : va_arg(*ap, int);
}

/* One conversion at fmt (after the '%'); returns what follows it. */
static const char *out_conversion(struct printk_out *o, const char *fmt, va_list *ap)
{
	const char *start = fmt - 1, *text;
	struct printk_spec sp;
	long long value;
	int lengths;
	char c;

	fmt = parse_length(parse_spec(fmt, &sp, ap), &lengths);
	switch (*fmt) {
	case 'd':
	case 'i':
		value = arg_signed(ap, lengths);
		out_number(o, value < 0 ? -(unsigned long long)value : (unsigned long long)value,
			   value < 0, 10, false, &sp);
		break;
	case 'u':
	case 'x':
	case 'X':
	case 'o':
		out_number(o, arg_unsigned(ap, lengths), false,
			   *fmt == 'u' ? 10 : *fmt == 'o' ? 8 : 16, *fmt == 'X', &sp);
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		sp.precision = 1;
		out_string(o, &c, &sp);
		break;
	case 's':
		text = va_arg(*ap, const char *);
		if (o->escape && text && text[0] != KERN_SOH[0])
			out_string_escaped(o, text, &sp);
		else
			out_string(o, text, &sp);
		break;
	case 'p':
		fmt += out_pointer(o, fmt + 1, va_arg(*ap, void *));
		break;
	default:
		/* Unknown conversion: show it as written rather than guess its type. */
		out_put(o, start, fmt - start + (*fmt != '\0'));
		break;
	}
	return *fmt ? fmt + 1 : fmt;
}

static size_t printk_format(char *buf, size_t size, const char *fmt, va_list ap, bool escape)
{
	struct printk_out o = { .buf = buf, .size = size, .escape = escape };
	va_list args;

	buf[0] = '\0';
	va_copy(args, ap);
	while (*fmt && o.len + 1 < size) {
		if (*fmt != '%' || fmt[1] == '%') {
			out_put(&o, fmt, 1);
			fmt += (*fmt == '%') ? 2 : 1;
			continue;
		}
		fmt = out_conversion(&o, fmt + 1, &args);
	}
	va_end(args);
	return o.len;
}

/* vsnprintf with the kernel's extensions. Returns the length written. */
static size_t liblockdep_vsnprintk(char *buf, size_t size, const char *fmt, va_list ap)
{
	return printk_format(buf, size, fmt, ap, false);
}

static size_t liblockdep_snprintk(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t len;

	va_start(ap, fmt);
	len = liblockdep_vsnprintk(buf, size, fmt, ap);
	va_end(ap);
	return len;
}

/* Formatted in place, after what the line holds so far (room is kept for the newline
 * that ends it): no buffer of its own on the stack. */
static int vprintk(const char *fmt, va_list ap)
{
	size_t start, len, end;
	char *newline;

	if (printk_discarding)
		return 0;
	/* A level other than KERN_CONT starts a new line, as in the kernel. */
	if (fmt[0] == KERN_SOH[0] && fmt[1]) {
		if (fmt[1] != 'c' && printk_line.len)
			printk_end_line();
		fmt += 2;
	}
	start = printk_line.len;
	len = printk_format(printk_line.text + start, sizeof(printk_line.text) - 1 - start,
			    fmt, ap, true);
	/* ... and so does one passed in as an argument ("%s[<%px>]", print_ip_sym()). */
	if (len >= 2 && printk_line.text[start] == KERN_SOH[0]) {
		if (printk_line.text[start + 1] != 'c' && start) {
			printk_end_line_at(start, 2, len - 2);
			start = 0;
		} else {
			memmove(printk_line.text + start, printk_line.text + start + 2, len - 1);
		}
		len -= 2;
	}
	printk_line.len = printk_line_clean(start, len);
	/* Each complete line goes, and the rest moves to the front. */
	while ((newline = memchr(printk_line.text + start, '\n', printk_line.len - start))) {
		end = newline - printk_line.text;
		printk_end_line_at(end, 1, printk_line.len - end - 1);
		start = 0;
	}
	return (int)len;
}

static bool held_lock_at_with_line(const char *fmt, va_list ap);	/* src/stacktrace.c */
static bool merged_held_locks_print(const char *fmt, va_list ap);	/* src/merged_locks.c */

static int printk(const char *fmt, ...)
{
	va_list ap;
	int len = 0;

	va_start(ap, fmt);
	if (!held_lock_at_with_line(fmt, ap) && !merged_held_locks_print(fmt, ap))
		len = vprintk(fmt, ap);
	va_end(ap);
	return len;
}
