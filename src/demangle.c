/*
 * C++ names as the source spells them ("Ledger::post()", not "_ZN6Ledger4postEv"),
 * by a demangler of our own for the Itanium C++ ABI's mangling. The C++ runtime's
 * __cxa_demangle() allocates with the program's malloc, and the callback variant
 * inside libstdc++ is not exported; names are needed in lock wrappers and signal
 * handlers, so this one writes into the caller's buffer, keeps its state in the
 * caller's struct, and bounds its recursion: its stack use is small and fixed.
 *
 * It covers what names of functions, methods and their classes use: nested and local
 * names, templates, constructors and destructors, operators, lambdas, ABI tags, the
 * builtin and compound types, pointers to functions and members ("void (*&&)()",
 * "void (Worker::*)()"), substitutions, template parameters and argument packs with
 * their expansions (std::thread's and std::invoke's plumbing), clones (".cold").
 * Anything else (expressions in template arguments, decltype, arrays behind pointers)
 * fails the whole name, which is then shown mangled: never a wrong name. The text is
 * what c++filt prints, but for the return types of function templates, which are left
 * out, as in "func+0x1f" the kernel prints none (tests/checks/demangle_like_cxxfilt.sh
 * compares every name libstdc++ exports).
 */
#define DEMANGLE_WORK_MAX	2048	/* all text produced, substitutions included */
#define DEMANGLE_SUBS_MAX	64
#define DEMANGLE_ARGS_MAX	16
#define DEMANGLE_PACK_MAX	32	/* elements of the function template's packs */
#define DEMANGLE_DEPTH_MAX	12	/* nested types and names: 2 KiB of stack at most */
#define DEMANGLE_NOT_PACK	0xff
#define DEMANGLE_GONE		0xffff	/* a span whose text was not kept whole */

/*
 * Text produced earlier, in one piece or two: a declarator put inside a type's text
 * ("void (*)()" made "void (* const)()") leaves the type on both sides of it.
 */
struct demangle_span {
	unsigned short start, len;
	unsigned short start2, len2;
};

/* A template argument of the function; a pack's elements are in packs[]. */
struct demangle_arg {
	struct demangle_span text;
	unsigned char first, count;	/* count DEMANGLE_NOT_PACK: not a pack */
};

struct demangler {
	const char *in;
	char work[DEMANGLE_WORK_MAX];
	unsigned int len;
	bool failed;
	unsigned int depth;
	unsigned int nr_subs, nr_args, nr_packs;
	struct demangle_span subs[DEMANGLE_SUBS_MAX];
	struct demangle_arg args[DEMANGLE_ARGS_MAX];	/* of the function template */
	struct demangle_span packs[DEMANGLE_PACK_MAX];
	int pack_index;			/* the element an expansion is at; -1 outside one */
	int pack_len;			/* the size of the pack it expands; -1 none yet */
	struct demangle_span last_name;			/* for constructors */
	struct demangle_span cut;			/* a return type, not shown */
	bool local;			/* the next encoding is a local name's function */
};

static const char *const demangle_builtins[26] = {
	['a' - 'a'] = "signed char", ['b' - 'a'] = "bool", ['c' - 'a'] = "char",
	['d' - 'a'] = "double", ['e' - 'a'] = "long double", ['f' - 'a'] = "float",
	['g' - 'a'] = "__float128", ['h' - 'a'] = "unsigned char", ['i' - 'a'] = "int",
	['j' - 'a'] = "unsigned int", ['l' - 'a'] = "long", ['m' - 'a'] = "unsigned long",
	['n' - 'a'] = "__int128", ['o' - 'a'] = "unsigned __int128", ['s' - 'a'] = "short",
	['t' - 'a'] = "unsigned short", ['v' - 'a'] = "void", ['w' - 'a'] = "wchar_t",
	['x' - 'a'] = "long long", ['y' - 'a'] = "unsigned long long", ['z' - 'a'] = "...",
};

/* Two letters, then the operator; "cv" (conversion) is handled apart. */
static const char demangle_operators[][12] = {
	"nwnew", "nanew[]", "dldelete", "dadelete[]", "ps+", "ng-", "ad&", "de*", "co~",
	"pl+", "mi-", "ml*", "dv/", "rm%", "an&", "or|", "eo^", "aS=", "pL+=", "mI-=",
	"mL*=", "dV/=", "rM%=", "aN&=", "oR|=", "eO^=", "ls<<", "rs>>", "lS<<=", "rS>>=",
	"eq==", "ne!=", "lt<", "gt>", "le<=", "ge>=", "ss<=>", "nt!", "aa&&", "oo||",
	"pp++", "mm--", "cm,", "pm->*", "pt->", "cl()", "ix[]", "qu?",
};

static void dm_fail(struct demangler *d)
{
	d->failed = true;
}

static void dm_put(struct demangler *d, const char *text, size_t len)
{
	if (d->len + len >= sizeof(d->work)) {
		dm_fail(d);
		return;
	}
	memcpy(d->work + d->len, text, len);
	d->len += len;
}

static void dm_puts(struct demangler *d, const char *text)
{
	dm_put(d, text, strlen(text));
}

/* A number in decimal (snprintf would take more stack than all the rest). */
static void dm_put_number(struct demangler *d, unsigned long n)
{
	char digits[20];
	unsigned int i = sizeof(digits);

	do
		digits[--i] = (char)('0' + n % 10);
	while ((n /= 10) && i);
	dm_put(d, digits + i, sizeof(digits) - i);
}

/* A copy of earlier text: a substitution or a template parameter. */
static void dm_put_span(struct demangler *d, struct demangle_span span)
{
	if (span.start == DEMANGLE_GONE || d->len + span.len + span.len2 >= sizeof(d->work)) {
		dm_fail(d);
		return;
	}
	memmove(d->work + d->len, d->work + span.start, span.len);
	d->len += span.len;
	memmove(d->work + d->len, d->work + span.start2, span.len2);
	d->len += span.len2;
}

static struct demangle_span dm_span_from(const struct demangler *d, unsigned int start)
{
	return (struct demangle_span){ start, d->len - start, 0, 0 };
}

static void dm_add_sub(struct demangler *d, unsigned int start)
{
	if (d->nr_subs == DEMANGLE_SUBS_MAX)
		dm_fail(d);
	else
		d->subs[d->nr_subs++] = dm_span_from(d, start);
}

/* A piece of a span after n bytes were inserted at at: false if it has to be cut in
 * two there. */
static bool dm_piece_insert(unsigned short *start, unsigned short *len, unsigned int at,
			    unsigned int n)
{
	if (*start >= at)
		*start += n;
	else if (*start + *len > at)
		return false;
	return true;
}

static void dm_span_insert(struct demangle_span *s, unsigned int at, unsigned int n)
{
	unsigned int end = s->start + s->len;

	if (s->start == DEMANGLE_GONE)
		return;
	if (!dm_piece_insert(&s->start2, &s->len2, at, n)) {
		s->start = DEMANGLE_GONE;
	} else if (!dm_piece_insert(&s->start, &s->len, at, n)) {
		if (s->len2) {
			s->start = DEMANGLE_GONE;	/* a third piece: rare */
			return;
		}
		s->len = at - s->start;
		s->start2 = at + n;
		s->len2 = end - at;
	}
}

/*
 * A piece of a span after [s, c) and [c, to) swapped places. Earlier text is
 * whole before the swap or after it, but for a piece from [c, to) on beyond to (a
 * member's function type, "void (params)", of which the class goes in the middle),
 * which is cut in two at to: false if it has to be.
 */
static bool dm_piece_rotate(unsigned short *start, unsigned short *len, unsigned int s,
			    unsigned int c, unsigned int to, bool *cut)
{
	unsigned int end = *start + *len;

	*cut = false;
	if (end <= s || *start >= to || (!*len && (*start < s || *start >= to)))
		return true;
	if (*start >= s && end <= c)
		*start += to - c;
	else if (*start >= c && end <= to)
		*start -= c - s;
	else if (*start >= c && *start < to)
		*cut = true;
	else
		return false;
	return true;
}

static void dm_span_rotate(struct demangle_span *sp, unsigned int s, unsigned int c,
			   unsigned int to)
{
	unsigned int end = sp->start + sp->len;
	bool cut;

	if (sp->start == DEMANGLE_GONE)
		return;
	if (!dm_piece_rotate(&sp->start2, &sp->len2, s, c, to, &cut) || cut ||
	    !dm_piece_rotate(&sp->start, &sp->len, s, c, to, &cut) || (cut && sp->len2)) {
		sp->start = DEMANGLE_GONE;
	} else if (cut) {
		sp->start -= c - s;
		sp->len = to - (sp->start + (c - s));
		sp->start2 = to;
		sp->len2 = end - to;
	}
}

/* A span of earlier text after an edit of the work buffer: an insertion of b bytes at
 * a, or the swap of [a, b) and [b, c). */
static void dm_span_fix(struct demangle_span *s, unsigned int a, unsigned int b,
			unsigned int c, bool swapped)
{
	if (swapped)
		dm_span_rotate(s, a, b, c);
	else
		dm_span_insert(s, a, b);
}

static void dm_spans_fix(struct demangler *d, unsigned int a, unsigned int b, unsigned int c,
			 bool swapped)
{
	for (unsigned int i = 0; i < d->nr_subs; i++)
		dm_span_fix(&d->subs[i], a, b, c, swapped);
	for (unsigned int i = 0; i < d->nr_args; i++)
		dm_span_fix(&d->args[i].text, a, b, c, swapped);
	for (unsigned int i = 0; i < d->nr_packs; i++)
		dm_span_fix(&d->packs[i], a, b, c, swapped);
	dm_span_fix(&d->last_name, a, b, c, swapped);
	dm_span_fix(&d->cut, a, b, c, swapped);
}

/* text put inside earlier text, at at: a declarator inside a type. */
static void dm_insert(struct demangler *d, unsigned int at, const char *text)
{
	size_t n = strlen(text);

	if (d->failed || d->len + n >= sizeof(d->work)) {
		dm_fail(d);
		return;
	}
	memmove(d->work + at + n, d->work + at, d->len - at);
	memcpy(d->work + at, text, n);
	d->len += n;
	dm_spans_fix(d, at, n, 0, false);
}

/* [s, c) moved behind [c, to): the class of a pointer to member behind its type. */
static void dm_rotate(struct demangler *d, unsigned int s, unsigned int c, unsigned int to)
{
	char *w = d->work;

	/* Three reversals: no buffer, whatever the lengths. */
	for (unsigned int pass = 0; pass < 3; pass++) {
		unsigned int lo = pass == 0 ? s : pass == 1 ? c : s;
		unsigned int hi = pass == 0 ? c : to;

		while (lo + 1 < hi) {
			char t = w[lo];

			w[lo++] = w[--hi];
			w[hi] = t;
		}
	}
	dm_spans_fix(d, s, c, to, true);
}

static bool dm_eat(struct demangler *d, const char *prefix)
{
	size_t n = strlen(prefix);

	if (strncmp(d->in, prefix, n))
		return false;
	d->in += n;
	return true;
}

static unsigned long dm_number(struct demangler *d)
{
	unsigned long n = 0;

	if (*d->in < '0' || *d->in > '9')
		dm_fail(d);
	while (*d->in >= '0' && *d->in <= '9' && n < 100000)
		n = n * 10 + (unsigned long)(*d->in++ - '0');
	return n;
}

/* "<seq-id>_" in base 36, or "_" alone for the first: returns the index. */
static unsigned long dm_seq_id(struct demangler *d)
{
	unsigned long n = 0;
	char c;

	if (dm_eat(d, "_"))
		return 0;
	while ((c = *d->in) && c != '_') {
		if (c >= '0' && c <= '9')
			n = n * 36 + (unsigned long)(c - '0');
		else if (c >= 'A' && c <= 'Z')
			n = n * 36 + (unsigned long)(c - 'A' + 10);
		else
			break;
		d->in++;
	}
	if (!dm_eat(d, "_"))
		dm_fail(d);
	return n + 1;
}

static void dm_type(struct demangler *d);
static void dm_encoding(struct demangler *d);
static void dm_name(struct demangler *d, bool as_type);

static void dm_source_name(struct demangler *d)
{
	unsigned long n = dm_number(d);
	unsigned int start = d->len;

	if (d->failed || !n || strnlen(d->in, n) < n) {
		dm_fail(d);
		return;
	}
	if (n > 10 && !strncmp(d->in, "_GLOBAL__N", 10))
		dm_puts(d, "(anonymous namespace)");
	else
		dm_put(d, d->in, n);
	d->in += n;
	d->last_name = dm_span_from(d, start);
}

/* The commas of a list as c++filt prints them: an element that prints nothing (an
 * empty pack) keeps its comma unless only such elements follow it: "f<, int>",
 * "f<int, , int>", but "f<int>". */
struct demangle_list {
	unsigned int nr, before, trailing;
};

/* Before an element: its comma; returns where its text starts. */
static unsigned int dm_list_element(struct demangler *d, struct demangle_list *list)
{
	list->before = d->len;
	if (list->nr++)
		dm_puts(d, ", ");
	return d->len;
}

static void dm_list_element_end(struct demangler *d, struct demangle_list *list,
				unsigned int start)
{
	if (d->len > start)
		list->trailing = 0;
	else if (!list->trailing)
		list->trailing = list->before;
}

static void dm_list_end(struct demangler *d, const struct demangle_list *list)
{
	if (list->trailing)
		d->len = list->trailing;
}

/* Types separated by commas up to the closing E (or the end of a function's). */
static void dm_type_list(struct demangler *d, char end)
{
	struct demangle_list list = { 0 };
	unsigned int start;

	while (!d->failed && *d->in && *d->in != end && *d->in != '.') {
		start = dm_list_element(d, &list);
		dm_type(d);
		dm_list_element_end(d, &list, start);
	}
	dm_list_end(d, &list);
}


/* An integer's suffix as __cxa_demangle() writes it: "1l", "5u"; NULL for a type
 * written as a cast, "(char)65". */
static const char *dm_literal_suffix(char type)
{
	switch (type) {
	case 'i': return "";
	case 'j': return "u";
	case 'l': return "l";
	case 'm': return "ul";
	case 'x': return "ll";
	case 'y': return "ull";
	default: return NULL;
	}
}

/* "L <type> <value> E" in template arguments, or "L_Z <encoding> E". */
static void dm_literal(struct demangler *d)
{
	const char *suffix = dm_literal_suffix(*d->in);
	unsigned int start;

	if (*d->in && strchr("defg", *d->in)) {
		dm_fail(d);	/* a floating-point value, whose bytes c++filt shows: rare */
		return;
	}
	if (dm_eat(d, "_Z")) {
		dm_encoding(d);
	} else if (dm_eat(d, "b0") || dm_eat(d, "b1")) {
		dm_puts(d, d->in[-1] == '1' ? "true" : "false");
	} else {
		if (suffix) {
			d->in++;
		} else {
			dm_puts(d, "(");
			dm_type(d);
			dm_puts(d, ")");
		}
		if (dm_eat(d, "n"))
			dm_puts(d, "-");
		start = d->len;
		while (*d->in >= '0' && *d->in <= '9')
			dm_put(d, d->in++, 1);
		if (d->len == start)
			dm_fail(d);
		dm_puts(d, suffix ?: "");
	}
	if (!dm_eat(d, "E"))
		dm_fail(d);
}

static void dm_template_arg(struct demangler *d, bool of_function);

/* "J <arg>... E": an argument pack, "a, b"; the function's keeps each element. */
static void dm_argument_pack(struct demangler *d, bool of_function)
{
	struct demangle_list list = { 0 };
	unsigned int start;

	while (!d->failed && *d->in && *d->in != 'E') {
		if (*d->in == 'J') {
			dm_fail(d);	/* a pack in a pack: rare, and unbounded */
			return;
		}
		start = dm_list_element(d, &list);
		dm_template_arg(d, false);
		dm_list_element_end(d, &list, start);
		if (!of_function)
			continue;
		if (d->nr_packs == DEMANGLE_PACK_MAX)
			dm_fail(d);
		else
			d->packs[d->nr_packs++] = dm_span_from(d, start);
	}
	dm_list_end(d, &list);
	if (!dm_eat(d, "E"))
		dm_fail(d);
}

static void dm_template_arg(struct demangler *d, bool of_function)
{
	if (dm_eat(d, "L"))
		dm_literal(d);
	else if (dm_eat(d, "J"))
		dm_argument_pack(d, of_function);
	else
		dm_type(d);
}

/* "I...E": the arguments of a template; those of the function itself are kept for
 * its template parameters (T_). */
static void dm_template_args(struct demangler *d, bool of_function)
{
	struct demangle_list list = { 0 };
	unsigned int start;

	d->in++;
	if (of_function)
		d->nr_args = d->nr_packs = 0;
	/* "operator<< <...>" */
	dm_puts(d, d->len && d->work[d->len - 1] == '<' ? " <" : "<");
	while (!d->failed && *d->in && *d->in != 'E') {
		unsigned int first = d->nr_packs;
		bool pack = *d->in == 'J';

		start = dm_list_element(d, &list);
		dm_template_arg(d, of_function);
		dm_list_element_end(d, &list, start);
		if (of_function && d->nr_args < DEMANGLE_ARGS_MAX)
			d->args[d->nr_args++] = (struct demangle_arg){
				dm_span_from(d, start), first,
				pack ? d->nr_packs - first : DEMANGLE_NOT_PACK };
	}
	dm_list_end(d, &list);
	/* "a<b<c> >", as c++filt spells it. */
	dm_puts(d, d->len && d->work[d->len - 1] == '>' ? " >" : ">");
	if (!dm_eat(d, "E"))
		dm_fail(d);
}

static bool dm_operator(struct demangler *d)
{
	for (size_t i = 0; i < ARRAY_SIZE(demangle_operators); i++) {
		const char *op = demangle_operators[i];

		if (d->in[0] == op[0] && d->in[1] == op[1]) {
			d->in += 2;
			dm_puts(d, op[2] >= 'a' && op[2] <= 'z' ? "operator " : "operator");
			dm_puts(d, op + 2);
			return true;
		}
	}
	if (!dm_eat(d, "cv"))
		return false;
	dm_puts(d, "operator ");
	dm_type(d);
	return true;
}

static void dm_parameters(struct demangler *d, char end);

/* "{lambda(int)#1}" or "{unnamed type#1}": the number is one more than written. */
static void dm_unnamed(struct demangler *d)
{
	unsigned long n;

	if (dm_eat(d, "Ul")) {
		dm_puts(d, "{lambda");
		dm_parameters(d, 'E');
		dm_puts(d, "#");
		if (!dm_eat(d, "E"))
			dm_fail(d);
	} else {
		d->in += 2;
		dm_puts(d, "{unnamed type#");
	}
	n = *d->in == '_' ? 1 : dm_number(d) + 2;
	if (!dm_eat(d, "_"))
		dm_fail(d);
	dm_put_number(d, n);
	dm_puts(d, "}");
}

/* What a constructor or destructor is named after: the last component of a name,
 * without its template arguments. */
static void dm_set_last_name(struct demangler *d, struct demangle_span span)
{
	const char *text = d->work + span.start;
	unsigned int i, start = 0, end = span.len, nesting = 0;

	for (i = 0; i < span.len; i++) {
		if (text[i] == '<' && !nesting++ && end == span.len)
			end = i;
		else if (text[i] == '>' && nesting)
			nesting--;
		else if (!nesting && text[i] == ':' && i + 1 < span.len && text[i + 1] == ':')
			start = i + 2, end = span.len;
	}
	d->last_name = (struct demangle_span){ span.start + start, min(end, span.len) - start,
					       0, 0 };
}

/* Whether it is a constructor, destructor or conversion, which have no return type. */
static bool dm_unqualified_name(struct demangler *d)
{
	struct demangle_span own;
	bool special = false;

	/* "L": a name of internal linkage (static), spelled the same. */
	if (*d->in == 'L' && d->in[1] >= '0' && d->in[1] <= '9')
		d->in++;
	if (*d->in >= '0' && *d->in <= '9') {
		dm_source_name(d);
	} else if (*d->in == 'C' && d->in[1] >= '1' && d->in[1] <= '5') {
		d->in += 2;
		if (!d->last_name.len)
			dm_fail(d);	/* the constructor of no class */
		dm_put_span(d, d->last_name);
		special = true;
	} else if (*d->in == 'D' && d->in[1] >= '0' && d->in[1] <= '5' && d->in[1] != '3') {
		d->in += 2;
		if (!d->last_name.len)
			dm_fail(d);
		dm_puts(d, "~");
		dm_put_span(d, d->last_name);
		special = true;
	} else if (!strncmp(d->in, "Ul", 2) || !strncmp(d->in, "Ut", 2)) {
		dm_unnamed(d);
	} else {
		special = !strncmp(d->in, "cv", 2);
		if (!dm_operator(d))
			dm_fail(d);
	}
	own = d->last_name;
	while (!d->failed && dm_eat(d, "B")) {
		dm_puts(d, "[abi:");
		dm_source_name(d);
		dm_puts(d, "]");
	}
	d->last_name = own;
	return special;
}

/* The abbreviations for std, short and in full. */
static const char *const demangle_std_abbreviations[][3] = {
	{ "Sa", "std::allocator", "std::allocator" },
	{ "Sb", "std::basic_string", "std::basic_string" },
	{ "Ss", "std::string",
	  "std::basic_string<char, std::char_traits<char>, std::allocator<char> >" },
	{ "Si", "std::istream", "std::basic_istream<char, std::char_traits<char> >" },
	{ "So", "std::ostream", "std::basic_ostream<char, std::char_traits<char> >" },
	{ "Sd", "std::iostream", "std::basic_iostream<char, std::char_traits<char> >" },
};

/* "S_", "S0_", ... or an abbreviation, in full when it names a constructor or
 * destructor ("std::basic_string<...>::~basic_string()"); false if none is here. */
static bool dm_substitution(struct demangler *d, bool in_prefix)
{
	unsigned int start = d->len;
	unsigned long n;

	if (*d->in != 'S' || d->in[1] == 't')
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(demangle_std_abbreviations); i++) {
		if (dm_eat(d, demangle_std_abbreviations[i][0])) {
			bool full = in_prefix && (*d->in == 'C' || *d->in == 'D');

			dm_puts(d, demangle_std_abbreviations[i][full ? 2 : 1]);
			dm_set_last_name(d, dm_span_from(d, start));
			return true;
		}
	}
	d->in++;
	n = dm_seq_id(d);
	if (n >= d->nr_subs) {
		dm_fail(d);
		return true;
	}
	dm_put_span(d, d->subs[n]);
	dm_set_last_name(d, dm_span_from(d, start));
	return true;
}

/* "T_", "T0_": a template argument of the function; in a pack expansion, a pack's
 * element. */
static void dm_template_param(struct demangler *d)
{
	const struct demangle_arg *arg;
	unsigned long n;

	d->in++;
	n = dm_seq_id(d);
	if (n >= d->nr_args) {
		dm_fail(d);
		return;
	}
	arg = &d->args[n];
	if (arg->count == DEMANGLE_NOT_PACK) {
		dm_put_span(d, arg->text);
		return;
	}
	if (d->pack_index < 0) {
		dm_fail(d);	/* a pack outside an expansion: c++filt shows part of it */
		return;
	}
	if (d->pack_len >= 0 && d->pack_len != arg->count)
		dm_fail(d);	/* two packs of different sizes */
	d->pack_len = arg->count;
	if (d->pack_index < arg->count)
		dm_put_span(d, d->packs[arg->first + d->pack_index]);
}

struct demangle_name {
	const char *method_cv;		/* " const" after a method's parameters */
	const char *method_ref;		/* " &" or " &&" after that */
	bool special;			/* constructor, destructor, conversion */
	bool is_template;		/* ends with template arguments */
};

static void dm_method_quals(struct demangler *d, struct demangle_name *name)
{
	name->method_cv = dm_eat(d, "VK") ? " const volatile" : dm_eat(d, "K") ? " const" :
			  dm_eat(d, "V") ? " volatile" : "";
	name->method_ref = dm_eat(d, "R") ? " &" : dm_eat(d, "O") ? " &&" : "";
}

/* "N [cv] [ref] <prefix>... E": each prefix is a candidate for substitution. */
static void dm_nested_name(struct demangler *d, struct demangle_name *name)
{
	unsigned int start = d->len;
	bool first = true, added = false;
	struct demangle_span own;

	dm_method_quals(d, name);
	while (!d->failed && *d->in && *d->in != 'E') {
		added = true;
		name->is_template = *d->in == 'I';
		if (name->is_template && first) {
			dm_fail(d);	/* arguments of no template */
			break;
		} else if (name->is_template) {
			own = d->last_name;
			dm_template_args(d, d->depth == 1);
			d->last_name = own;
		} else {
			if (!first)
				dm_puts(d, "::");
			name->special = false;
			/* std, a substitution, a template parameter: only a prefix's first. */
			if (!first && (*d->in == 'S' || *d->in == 'T')) {
				dm_fail(d);
				break;
			}
			if (dm_eat(d, "St")) {
				dm_puts(d, "std");
				added = false;
			} else if (*d->in == 'T') {
				dm_template_param(d);
			} else if (dm_substitution(d, true)) {
				added = false;
			} else {
				name->special = dm_unqualified_name(d);
			}
		}
		first = false;
		if (added && *d->in != 'E')
			dm_add_sub(d, start);
	}
	/* Nothing, or std or a substitution alone: a name compilers do not make. */
	if (!added || !dm_eat(d, "E"))
		dm_fail(d);
}

/* The parameter list of a function: "(int, char*)", or "()" for a lone void. */
static void dm_parameters(struct demangler *d, char end)
{
	dm_puts(d, "(");
	if (!*d->in || *d->in == end || *d->in == '.')
		dm_fail(d);	/* no type at all, not even "v" */
	else if (d->in[0] == 'v' && (d->in[1] == end || d->in[1] == '.' || !d->in[1]))
		d->in++;
	else
		dm_type_list(d, end);
	dm_puts(d, ")");
}

/* How the text from start on ends: 1 with a parenthesis (a function type's
 * parameters; decltype(auto), refused where it matters), -1 with an array's bound
 * (rare behind a pointer: shown mangled), 0 otherwise. */
static int dm_compound_end(const struct demangler *d, unsigned int start)
{
	static const char nullptr_type[] = "decltype(nullptr)";
	unsigned int n = sizeof(nullptr_type) - 1;
	char last = d->len > start ? d->work[d->len - 1] : 0;

	if (last == ']')
		return -1;	/* an array behind a pointer: rare, shown mangled */
	if (last != ')')
		return 0;
	if (d->len - start >= n && !memcmp(d->work + d->len - n, nullptr_type, n))
		return 0;
	return 1;
}

/*
 * A function type's text from start on, "ret (params)" or with a declarator
 * "ret (*)(params)": where the parameters' '(' is, and whether the declarator's group
 * is before it; 0 if it is not a function type's.
 */
static unsigned int dm_function_params(const struct demangler *d, unsigned int start,
				       bool *declarator)
{
	const char *w = d->work;
	unsigned int i = d->len;
	int depth = 0;

	do {
		i--;
		depth += (w[i] == ')') - (w[i] == '(');
	} while (depth && i > start);
	if (depth || i == start || (w[i - 1] != ')' && w[i - 1] != ' '))
		return 0;
	*declarator = w[i - 1] == ')';
	return i;
}

/* A function type "F <ret> <params> E": "ret (params)". A return type that is itself
 * a function pointer ("void (*(int))()") is rare: shown mangled. */
static void dm_function_type(struct demangler *d)
{
	unsigned int start = d->len;

	dm_eat(d, "Y");
	dm_type(d);
	if (dm_compound_end(d, start))
		dm_fail(d);
	dm_puts(d, " ");
	dm_parameters(d, 'E');
	if (!dm_eat(d, "E"))
		dm_fail(d);
}

/*
 * A pointer, reference or qualifier applied to a function type goes inside it, as
 * the declarator: "void (*)()", "void (* const&)()". A cv-qualified function type,
 * a qualifier twice, an lvalue reference to an rvalue one: rare, shown mangled.
 */
static void dm_function_declarator(struct demangler *d, unsigned int start, const char *suffix)
{
	unsigned int params, n = strlen(suffix);
	bool declarator;
	char group[16] = "(";

	params = dm_function_params(d, start, &declarator);
	if (!params) {
		dm_fail(d);	/* "decltype(auto)", or ')' from something else */
		return;
	}
	if (!declarator) {
		if (*suffix == ' ')
			dm_fail(d);
		strcat(strcat(group, suffix), ")");
		dm_insert(d, params, group);
		return;
	}
	/* A reference to a reference is one: "void (&)()" stays, "&&" on "&&" too. */
	if (d->work[params - 2] == '&') {
		if (*suffix != '&' || (!suffix[1] && d->work[params - 3] == '&'))
			dm_fail(d);
		return;
	}
	if (*suffix == ' ' && params - 1 - start >= n &&
	    !memcmp(d->work + params - 1 - n, suffix, n))
		dm_fail(d);
	dm_insert(d, params - 1, suffix);
}

/*
 * The type whose text starts at start made a pointer or reference to it, or
 * qualified. A reference to a reference (through a template parameter) is one
 * reference: an lvalue one unless both are rvalue references.
 */
static void dm_qualify(struct demangler *d, unsigned int start, const char *suffix)
{
	int compound = d->failed ? -1 : dm_compound_end(d, start);

	if (compound < 0) {
		dm_fail(d);
		return;
	}
	if (compound) {
		dm_function_declarator(d, start, suffix);
		return;
	}
	if (*suffix == '&' && d->len && d->work[d->len - 1] == '&') {
		if (!strcmp(suffix, "&") && d->len > 1 && d->work[d->len - 2] == '&')
			d->len--;
		return;
	}
	/* "T const" where T is already const. */
	if (*suffix == ' ' && d->len - start >= strlen(suffix) &&
	    !strncmp(d->work + d->len - strlen(suffix), suffix, strlen(suffix)))
		return;
	dm_puts(d, suffix);
}

static void dm_qualified_type(struct demangler *d, const char *suffix)
{
	unsigned int start = d->len;

	dm_type(d);
	dm_qualify(d, start, suffix);
}

/* "r", "V", "K" in a row qualify one type, one candidate for substitution: "VKi" is
 * "int const volatile", the innermost qualifier first. */
static void dm_cv_qualified_type(struct demangler *d)
{
	const char *quals = d->in, *order = "rVK";
	unsigned int start = d->len;
	size_t n = strspn(d->in, "rVK");

	/* In the ABI's order, each once: "KVK" is no type compilers write. */
	for (size_t i = 0; i < n && order; i++)
		order = strchr(order, quals[i]) ? strchr(order, quals[i]) + 1 : NULL;
	if (!order)
		dm_fail(d);
	d->in += n;
	dm_type(d);
	while (n--)
		dm_qualify(d, start, quals[n] == 'K' ? " const" :
				     quals[n] == 'V' ? " volatile" : " restrict");
}

/*
 * "M <class> <type>", a pointer to a member: "int Shop::*", or for a method
 * "void (Shop::*)(int)". The class comes first in the mangled name and after the
 * member's type (behind its return type) in the text, to which it is moved; a
 * pointer to a function pointer member, or to a const method, is rare: mangled.
 */
static void dm_member_pointer(struct demangler *d)
{
	unsigned int start = d->len, class_end, at, params = 0;
	bool declarator = false;
	int compound;

	dm_type(d);
	class_end = d->len;
	dm_type(d);
	compound = d->failed ? -1 : dm_compound_end(d, class_end);
	if (compound > 0)
		params = dm_function_params(d, class_end, &declarator);
	if (compound < 0 || (compound && (!params || declarator))) {
		dm_fail(d);
		return;
	}
	at = params ?: d->len;
	dm_rotate(d, start, class_end, at);
	at -= class_end - start;	/* the class's text, now up to the old at */
	dm_insert(d, at, params ? "(" : " ");
	dm_insert(d, at + 1 + (class_end - start), params ? "::*)" : "::*");
}

static const char *dm_builtin(struct demangler *d)
{
	char c = d->in[0];

	if (c >= 'a' && c <= 'z' && demangle_builtins[c - 'a'])
		return d->in++, demangle_builtins[c - 'a'];
	if (c != 'D' || !strchr("nisuc", d->in[1]) || !d->in[1])
		return NULL;
	d->in += 2;
	switch (d->in[-1]) {
	case 'n': return "decltype(nullptr)";
	case 'i': return "char32_t";
	case 's': return "char16_t";
	case 'u': return "char8_t";
	default: return "decltype(auto)";
	}
}

static void dm_array_type(struct demangler *d)
{
	unsigned long n = dm_number(d);

	if (!dm_eat(d, "_"))
		dm_fail(d);
	dm_type(d);
	dm_puts(d, " [");
	dm_put_number(d, n);
	dm_puts(d, "]");
}

/*
 * "Dp <pattern>": the pattern once per element of the pack a template parameter in
 * it names ("DpOT_" with T_ = {int, long}: "int&&, long&&"), nothing for an empty
 * pack. The pattern is read again for each element, its candidates for
 * substitution kept once; what refers to them, or to the expansion, is rare and
 * refused (c++filt prints the pack there), as is an expansion in an expansion.
 */
static void dm_pack_expansion(struct demangler *d, unsigned int start)
{
	const char *pattern = d->in, *end;
	unsigned int subs = d->nr_subs, first_subs;

	if (d->pack_index >= 0) {
		dm_fail(d);
		return;
	}
	d->pack_index = 0;
	d->pack_len = -1;
	dm_type(d);
	end = d->in;
	first_subs = d->nr_subs;
	while (!d->failed && ++d->pack_index < d->pack_len) {
		dm_puts(d, ", ");
		d->in = pattern;
		dm_type(d);
		d->nr_subs = first_subs;
		if (d->in != end)
			dm_fail(d);
	}
	if (d->pack_len < 0)
		dm_fail(d);	/* no pack in the pattern */
	else if (!d->pack_len)
		d->len = start;
	d->pack_index = -1;
	dm_add_sub(d, start);
	while (subs < d->nr_subs)
		d->subs[subs++].start = DEMANGLE_GONE;
}

/* A type, and whether it is a new candidate for substitution (builtins are not, nor
 * a plain substitution; a name adds itself). */
static bool dm_type_body(struct demangler *d, unsigned int start)
{
	const char *builtin = dm_builtin(d);
	char c = *d->in;

	if (builtin) {
		dm_puts(d, builtin);
		return false;
	}
	if (c == 'P' || c == 'R' || c == 'O') {
		d->in++;
		dm_qualified_type(d, c == 'P' ? "*" : c == 'R' ? "&" : "&&");
	} else if (c == 'K' || c == 'V' || c == 'r') {
		dm_cv_qualified_type(d);
	} else if (c == 'F') {
		d->in++;
		dm_function_type(d);
	} else if (c == 'M') {
		d->in++;
		dm_member_pointer(d);
	} else if (c == 'D' && d->in[1] == 'p') {
		d->in += 2;
		dm_pack_expansion(d, start);
		return false;
	} else if (c == 'A') {
		d->in++;
		dm_array_type(d);
	} else if (c == 'T') {
		dm_template_param(d);
		if (*d->in == 'I') {
			dm_add_sub(d, start);
			dm_template_args(d, false);
		}
	} else if (dm_substitution(d, false)) {
		if (*d->in != 'I')
			return false;
		dm_template_args(d, false);
	} else {
		dm_name(d, true);
		return false;
	}
	return true;
}

/* One level deeper, within the bound that keeps the stack small; false when failed. */
static bool dm_descend(struct demangler *d)
{
	if (d->failed || ++d->depth > DEMANGLE_DEPTH_MAX) {
		dm_fail(d);
		return false;
	}
	return true;
}

static void dm_type(struct demangler *d)
{
	unsigned int start = d->len;

	if (!dm_descend(d))
		return;
	if (dm_type_body(d, start))
		dm_add_sub(d, start);
	d->depth--;
}

/* "Z <encoding> E <name> [discriminator]": a name local to a function. */
static void dm_local_name(struct demangler *d, struct demangle_name *name)
{
	d->local = true;
	dm_encoding(d);
	if (!dm_eat(d, "E"))
		dm_fail(d);
	dm_puts(d, "::");
	if (dm_eat(d, "s"))
		dm_puts(d, "string literal");
	else if (dm_eat(d, "N"))
		dm_nested_name(d, name);
	else
		name->special = dm_unqualified_name(d);
	if (dm_eat(d, "__")) {
		dm_number(d);
		dm_eat(d, "_");
	} else if (dm_eat(d, "_")) {
		dm_number(d);
	}
}

/* The name of a function, variable or class; as a type, a candidate itself. */
static void dm_name_of(struct demangler *d, bool as_type, struct demangle_name *name)
{
	unsigned int start = d->len;

	*name = (struct demangle_name){ .method_cv = "", .method_ref = "" };
	if (!dm_descend(d))
		return;
	if (dm_eat(d, "N")) {
		dm_nested_name(d, name);
	} else if (dm_eat(d, "Z")) {
		dm_local_name(d, name);
	} else {
		if (dm_eat(d, "St"))
			dm_puts(d, "std::");
		name->special = dm_unqualified_name(d);
		name->is_template = *d->in == 'I';
		if (name->is_template) {
			struct demangle_span own = d->last_name;

			dm_add_sub(d, start);
			dm_template_args(d, d->depth == 1);
			d->last_name = own;
		}
	}
	d->depth--;
	/* A method's qualifiers ("NK...E"), a constructor's name, on a type: not a name
	 * compilers make. */
	if (as_type && (*name->method_cv || *name->method_ref || name->special))
		dm_fail(d);
	if (as_type)
		dm_add_sub(d, start);
}

static void dm_name(struct demangler *d, bool as_type)
{
	struct demangle_name name;

	dm_name_of(d, as_type, &name);
}

static const char *const demangle_special_names[][2] = {
	{ "TV", "vtable for " }, { "TT", "VTT for " }, { "TI", "typeinfo for " },
	{ "TS", "typeinfo name for " }, { "TH", "TLS init function for " },
	{ "TW", "TLS wrapper function for " },
};

/* "Th <offset> _" and "Tv <offset> _ <offset> _" before the function a thunk calls. */
static bool dm_thunk(struct demangler *d)
{
	bool is_virtual;

	/* The second letter only after the first: "_Z" may end right here. */
	if (d->in[0] != 'T' || (d->in[1] != 'h' && d->in[1] != 'v'))
		return false;
	is_virtual = d->in[1] == 'v';
	d->in += 2;
	for (int i = 0; i < (is_virtual ? 2 : 1); i++) {
		dm_eat(d, "n");
		dm_number(d);
		if (!dm_eat(d, "_"))
			dm_fail(d);
	}
	dm_puts(d, is_virtual ? "virtual thunk to " : "non-virtual thunk to ");
	dm_encoding(d);
	return true;
}

static bool dm_special_name(struct demangler *d)
{
	for (size_t i = 0; i < ARRAY_SIZE(demangle_special_names); i++) {
		if (dm_eat(d, demangle_special_names[i][0])) {
			dm_puts(d, demangle_special_names[i][1]);
			dm_type(d);
			return true;
		}
	}
	if (dm_eat(d, "GV")) {
		dm_puts(d, "guard variable for ");
		dm_name(d, false);
		return true;
	}
	return dm_thunk(d);
}

/*
 * A function template's first type is its return type, which is parsed for the
 * substitutions it adds, but not shown: its text stays in the work buffer, and an
 * encoding shown as a function (the outermost one, or the function a local name is
 * in: "table_lock<int>()::m") notes where it lies, to be cut out. One cut at most.
 */
static void dm_encoding(struct demangler *d)
{
	bool shown = d->depth == 0 || d->local;
	struct demangle_name name;

	d->local = false;
	if (dm_special_name(d))
		return;
	dm_name_of(d, false, &name);
	if (d->failed || !*d->in || *d->in == 'E' || *d->in == '.') {
		/* A variable: a method's qualifiers would be lost. */
		if (*name.method_cv || *name.method_ref)
			dm_fail(d);
		return;
	}
	if (name.is_template && !name.special) {
		unsigned int start = d->len;

		dm_type(d);
		/* In a template argument, a second, or a function pointer around the
		 * name ("void (*f<int>())()"): rare, mangled. */
		if (!shown || d->cut.len || dm_compound_end(d, start))
			dm_fail(d);
		d->cut = dm_span_from(d, start);
	}
	dm_parameters(d, 'E');
	dm_puts(d, name.method_cv);
	dm_puts(d, name.method_ref);
}

/* GCC's clones of a function, each suffix on its own: "f() [clone .isra.0] [clone
 * .cold]". */
static void dm_clones(struct demangler *d)
{
	const char *end;

	while (!d->failed && *d->in == '.') {
		end = d->in + 1;
		while ((*end >= 'a' && *end <= 'z') || *end == '_')
			end++;
		while (end[0] == '.' && end[1] >= '0' && end[1] <= '9')
			for (end++; *end >= '0' && *end <= '9';)
				end++;
		if (end == d->in + 1) {
			dm_fail(d);
			return;
		}
		dm_puts(d, " [clone ");
		dm_put(d, d->in, end - d->in);
		dm_puts(d, "]");
		d->in = end;
	}
}

/*
 * Demangles into out (size bytes), from "_Z..." to "ns::func(int) const"; false when
 * the name is not one this demangler reads. The state is the caller's (see struct
 * demangler): src/symbols.c keeps one in static storage, under its lock. Never
 * inlined: its frames are on the stack only while a C++ name is read, not in the
 * frame of every symbol lookup (tests/checks/stack_budget.sh).
 */
static noinline bool demangle(struct demangler *d, const char *mangled, char *out, size_t size)
{
	unsigned int head, tail;

	if (strncmp(mangled, "_Z", 2))
		return false;
	*d = (struct demangler){ .in = mangled + 2, .pack_index = -1 };
	dm_encoding(d);
	dm_clones(d);
	if (d->failed || *d->in || (d->cut.len && (d->cut.start == DEMANGLE_GONE || d->cut.len2)))
		return false;
	/* Without the return type of a function template, if any. */
	head = d->cut.len ? d->cut.start : d->len;
	tail = d->cut.len ? d->len - (d->cut.start + d->cut.len) : 0;
	if (head + tail >= size)
		return false;
	memcpy(out, d->work, head);
	memcpy(out + head, d->work + d->len - tail, tail);
	out[head + tail] = '\0';
	return true;
}

/*
 * A class named after a C++ function: "shop::Inventory::restock()" rather than its
 * whole signature, which makes names long, cuts rules and changes with a parameter's
 * type. The last parenthesised group (a function's parameters: "operator()()" keeps
 * its name) is emptied in name[0..len), in place; a C name has none. GCC's clone
 * suffixes go too (" [clone .isra.0]"): they come and go with the optimisation level.
 * Returns the new length.
 */
static size_t demangled_without_parameters(char *name, size_t len)
{
	char *clone = memmem(name, len, " [clone ", strlen(" [clone "));
	char *end, *close, *open;
	int depth = 0;

	if (clone) {
		len = clone - name;
		name[len] = '\0';
	}
	end = name + len;
	close = end;

	while (close > name && *close != ')')
		close--;
	if (*close != ')' || memchr(close, '(', end - close))
		return len;
	for (open = close; open >= name; open--) {
		depth += (*open == ')') - (*open == '(');
		if (!depth)
			break;
	}
	if (open < name || open + 1 == close)
		return len;
	memmove(open + 1, close, name + len - close);
	len -= close - open - 1;
	name[len] = '\0';
	return len;
}
