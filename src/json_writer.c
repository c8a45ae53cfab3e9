/*
 * JSON text for the machine-readable outputs (src/report_json.c, src/report_sarif.c),
 * made in a buffer of the caller's and written to its file (src/log_file.c) when the
 * buffer is full or the text is complete. It runs where reports run, in lock wrappers
 * and signal handlers, so it allocates nothing and uses no stdio.
 *
 * Every string is valid JSON whatever its bytes: quotes, backslashes and control
 * characters are escaped, and a byte that is not part of well-formed UTF-8 (a thread
 * name or a symbol is anybody's bytes) becomes U+FFFD.
 */
struct json_out {
	struct pattern_file *file;
	char *buf;
	size_t size, len;
	bool comma;		/* a value came before: the next one needs a ',' */
};

static void json_flush(struct json_out *o)
{
	int fd;

	if (!o->len)
		return;
	internal_lock(&output_mutex);
	fd = pattern_file_fd(o->file);
	if (fd >= 0)
		write_all(fd, o->buf, o->len);
	internal_unlock(&output_mutex);
	o->len = 0;
}

static void json_raw(struct json_out *o, const char *text, size_t len)
{
	while (len) {
		size_t n = min(len, o->size - o->len);

		if (!n) {
			json_flush(o);
			continue;
		}
		memcpy(o->buf + o->len, text, n);
		o->len += n;
		text += n;
		len -= n;
	}
}

static void json_separate(struct json_out *o)
{
	if (o->comma)
		json_raw(o, ",", 1);
	o->comma = false;
}

/* Length of the well-formed UTF-8 sequence at p (n bytes there), 0 if it is not one. */
static size_t json_utf8_length(const unsigned char *p, size_t n)
{
	size_t len = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 :
		     (p[0] & 0xf0) == 0xe0 ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
	unsigned int point = p[0] & (0x7f >> len), lowest[] = { 0, 0, 0x80, 0x800, 0x10000 };

	if (!len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		point = point << 6 | (p[i] & 0x3f);
	}
	if (point < lowest[len] || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff))
		return 0;
	return len;
}

static void json_escaped(struct json_out *o, const char *text, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	char escape[6] = { '\\', 'u', '0', '0' };
	size_t n;

	json_raw(o, "\"", 1);
	for (; p < end; p += n) {
		n = json_utf8_length(p, end - p);
		if (!n) {
			json_raw(o, "\\ufffd", 6);
			n = 1;
		} else if (*p == '"' || *p == '\\') {
			escape[1] = *p;
			json_raw(o, escape, 2);
		} else if (*p < 0x20 || *p == 0x7f) {
			escape[1] = 'u';
			escape[4] = hex[*p >> 4];
			escape[5] = hex[*p & 15];
			json_raw(o, escape, 6);
		} else {
			json_raw(o, (const char *)p, n);
		}
	}
	json_raw(o, "\"", 1);
}

static void json_open(struct json_out *o, char bracket)
{
	json_separate(o);
	json_raw(o, &bracket, 1);
}

static void json_close(struct json_out *o, char bracket)
{
	json_raw(o, &bracket, 1);
	o->comma = true;
}

static void json_key(struct json_out *o, const char *key)
{
	json_separate(o);
	json_escaped(o, key, strlen(key));
	json_raw(o, ":", 1);
}

static void json_string_n(struct json_out *o, const char *text, size_t len)
{
	json_separate(o);
	json_escaped(o, text, len);
	o->comma = true;
}

static void json_string(struct json_out *o, const char *text)
{
	json_string_n(o, text, strlen(text));
}

static void json_number(struct json_out *o, unsigned long long n)
{
	char digits[24];

	json_separate(o);
	json_raw(o, digits, liblockdep_snprintk(digits, sizeof(digits), "%llu", n));
	o->comma = true;
}

static void json_bool(struct json_out *o, bool value)
{
	json_separate(o);
	json_raw(o, value ? "true" : "false", value ? 4 : 5);
	o->comma = true;
}

/* "key": value pairs; a string member with no value is left out. */
static void json_member_string(struct json_out *o, const char *key, const char *text)
{
	if (!text)
		return;
	json_key(o, key);
	json_string(o, text);
}

static void json_member_number(struct json_out *o, const char *key, unsigned long long n)
{
	json_key(o, key);
	json_number(o, n);
}

static void json_member_bool(struct json_out *o, const char *key, bool value)
{
	json_key(o, key);
	json_bool(o, value);
}

/* An address, as a string: JSON's numbers are doubles, exact only to 2^53. */
static void json_member_address(struct json_out *o, const char *key, unsigned long address)
{
	char text[24];

	liblockdep_snprintk(text, sizeof(text), "0x%lx", address);
	json_member_string(o, key, text);
}
