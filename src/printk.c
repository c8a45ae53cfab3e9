/*
 * printk for lockdep's reports. glibc's printf does not know the kernel's format
 * extensions, so each conversion is parsed here: %pS/%ps print a symbol (src/symbols.c),
 * %px a raw pointer, %L means long long; the rest go to snprintf one at a time.
 * Output is assembled a line at a time per thread (KERN_CONT continues a line), and a
 * whole report is held back until it is complete, then written with one write(2), so
 * reports from different threads never interleave.
 *
 * Nothing here allocates: a report may be printed from a signal handler that
 * interrupted malloc (src/signals.c). A line longer than a buffer is cut; a report
 * longer than its buffer goes out in pieces, still whole with respect to other
 * reports.
 */
#define PRINTK_LINE_MAX 1024
#define PRINTK_REPORT_MAX 65536

static __thread struct {
	char text[PRINTK_LINE_MAX];
	size_t len;
} printk_line;
static __thread bool printk_holding_report;

/* One report at a time in the process: its reporter holds the graph lock from its
 * first line to its last (src/runtime.c). */
static struct {
	char text[PRINTK_REPORT_MAX];
	size_t len;
} printk_report;

static int liblockdep_output_fd = STDERR_FILENO;
static pthread_mutex_t output_mutex = PTHREAD_MUTEX_INITIALIZER;

/* Room is kept for the newline that ends the line. */
static void printk_line_append(const char *text, size_t len)
{
	size_t room = sizeof(printk_line.text) - 2 - printk_line.len;

	len = min(len, room);
	memcpy(printk_line.text + printk_line.len, text, len);
	printk_line.len += len;
	printk_line.text[printk_line.len] = '\0';
}

static void write_all(int fd, const char *text, size_t len)
{
	while (len) {
		ssize_t done = write(fd, text, len);

		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0)
			return;
		text += done;
		len -= done;
	}
}

static void liblockdep_output(const char *text, size_t len)
{
	int saved_errno = errno;

	internal_lock(&output_mutex);
	write_all(liblockdep_output_fd, text, len);
	internal_unlock(&output_mutex);
	errno = saved_errno;
}

static void liblockdep_line_done(const char *line);

static void printk_report_append(const char *text, size_t len)
{
	if (printk_report.len + len > sizeof(printk_report.text)) {
		liblockdep_output(printk_report.text, printk_report.len);
		printk_report.len = 0;
	}
	memcpy(printk_report.text + printk_report.len, text, len);
	printk_report.len += len;
}

/* A finished line goes to the report being held back, or straight out. */
static void printk_end_line(void)
{
	printk_line.text[printk_line.len++] = '\n';
	printk_line.text[printk_line.len] = '\0';
	liblockdep_line_done(printk_line.text);
	if (printk_holding_report)
		printk_report_append(printk_line.text, printk_line.len);
	else
		liblockdep_output(printk_line.text, printk_line.len);
	printk_line.len = 0;
}

static void printk_hold_report(void)
{
	printk_holding_report = true;
}

static void printk_release_report(void)
{
	if (printk_line.len)
		printk_end_line();
	printk_holding_report = false;
	if (printk_report.len)
		liblockdep_output(printk_report.text, printk_report.len);
	printk_report.len = 0;
}

static const void *liblockdep_lock_of_map(const void *map);

/* An address with no symbol is shown as a place in its object, which addr2line and
 * a debugger understand: "libc.so.6+0x27d8a". */
static void format_object_offset(char *out, size_t size, void *ptr)
{
	unsigned long offset;
	const char *object = liblockdep_object_at((unsigned long)ptr, &offset);

	if (object && object[0])
		snprintf(out, size, "%s+0x%lx", object, offset);
	else
		snprintf(out, size, "0x%lx", (unsigned long)ptr);
}

/* Formats one %p extension into out; returns how many format chars it consumed. */
static size_t format_pointer(char *out, size_t size, const char *ext, void *ptr)
{
	unsigned long addr = (unsigned long)ptr, offset;
	const char *object, *name;

	switch (*ext) {
	case 'S':
	case 's':
	case 'B':
		name = liblockdep_symbol_at(addr, &offset, &object);
		if (!name)
			format_object_offset(out, size, ptr);
		else if (*ext == 's')
			snprintf(out, size, "%s", name);
		else
			snprintf(out, size, "%s+0x%lx", name, offset);
		return 1;
	case 'x':
	case 'K':
		/* Lockdep shows a held lock by its lockdep_map; the user knows the lock. */
		snprintf(out, size, "%016lx", (unsigned long)liblockdep_lock_of_map(ptr));
		return 1;
	default:
		snprintf(out, size, "%p", ptr);
		return 0;
	}
}

/* vsnprintf with the kernel's extensions. Returns the length written. */
static size_t liblockdep_vsnprintk(char *out, size_t size, const char *fmt, va_list ap)
{
	size_t len = 0;

	while (*fmt && len + 1 < size) {
		char spec[32], *s = spec;
		const char *start = fmt;
		int lengths = 0;

		if (*fmt != '%' || fmt[1] == '%') {
			out[len++] = *fmt;
			fmt += (*fmt == '%') ? 2 : 1;
			continue;
		}
		*s++ = *fmt++;
		while (strchr("-+ #0", *fmt) && s < spec + 8)
			*s++ = *fmt++;
		/* Width and precision may come from the arguments. */
		int width = -1, precision = -1;

		if (*fmt == '*') {
			width = va_arg(ap, int);
			*s++ = *fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9' && s < spec + 16)
			*s++ = *fmt++;
		if (*fmt == '.') {
			*s++ = *fmt++;
			if (*fmt == '*') {
				precision = va_arg(ap, int);
				*s++ = *fmt++;
			}
			while (*fmt >= '0' && *fmt <= '9' && s < spec + 24)
				*s++ = *fmt++;
		}
		/* Length: h, l, ll, z, t; the kernel's L means long long. */
		while (strchr("hlLztj", *fmt) && *fmt) {
			if (*fmt == 'l' || *fmt == 'L')
				lengths++;
			else if (*fmt == 'z' || *fmt == 't' || *fmt == 'j')
				lengths = 1;
			fmt++;
		}
		if (lengths >= 2)
			*s++ = 'l';
		if (lengths >= 1)
			*s++ = 'l';
		*s++ = *fmt;
		*s = '\0';

		char *dst = out + len;
		size_t room = size - len;
		int n = 0;

#define PRINT_ARG(arg) (width >= 0 ? (precision >= 0 ? snprintf(dst, room, spec, width, precision, arg) \
						 : snprintf(dst, room, spec, width, arg)) \
			       : (precision >= 0 ? snprintf(dst, room, spec, precision, arg) \
						 : snprintf(dst, room, spec, arg)))
		switch (*fmt) {
		case 'd': case 'i':
			if (lengths >= 2)
				n = PRINT_ARG(va_arg(ap, long long));
			else if (lengths == 1)
				n = PRINT_ARG(va_arg(ap, long));
			else
				n = PRINT_ARG(va_arg(ap, int));
			break;
		case 'u': case 'x': case 'X': case 'o':
			if (lengths >= 2)
				n = PRINT_ARG(va_arg(ap, unsigned long long));
			else if (lengths == 1)
				n = PRINT_ARG(va_arg(ap, unsigned long));
			else
				n = PRINT_ARG(va_arg(ap, unsigned int));
			break;
		case 'c':
			n = PRINT_ARG(va_arg(ap, int));
			break;
		case 's':
			n = PRINT_ARG(va_arg(ap, const char *));
			break;
		case 'p':
			fmt += format_pointer(dst, room, fmt + 1, va_arg(ap, void *));
			n = strlen(dst);
			break;
		default:
			/* Unknown conversion: show it as written rather than guess its type. */
			n = snprintf(dst, room, "%.*s", (int)(fmt - start + 1), start);
			break;
		}
#undef PRINT_ARG
		if (*fmt)
			fmt++;
		if (n > 0)
			len += ((size_t)n < room) ? (size_t)n : room - 1;
	}
	out[len] = '\0';
	return len;
}

static int vprintk(const char *fmt, va_list ap)
{
	char text[PRINTK_LINE_MAX], *line, *newline;
	size_t len;

	/* A level other than KERN_CONT starts a new line, as in the kernel. */
	if (fmt[0] == KERN_SOH[0] && fmt[1]) {
		if (fmt[1] != 'c' && printk_line.len)
			printk_end_line();
		fmt += 2;
	}
	len = liblockdep_vsnprintk(text, sizeof(text), fmt, ap);
	for (line = text; (newline = strchr(line, '\n')); line = newline + 1) {
		printk_line_append(line, newline - line);
		printk_end_line();
	}
	printk_line_append(line, strlen(line));
	return (int)len;
}

static int printk(const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vprintk(fmt, ap);
	va_end(ap);
	return len;
}
