/* Shim: symbol lookup over the loaded objects' ELF symbol tables (src/symbols.c). */
/* Lockdep's buffers for a key's symbol (on the stack in its report functions): every
 * class liblockdep makes has a name, so these only name a key that lacks one. */
#define KSYM_NAME_LEN 128
#define print_ip_sym(level, ip) printk("%s[<%px>] %pS\n", level, (void *)(ip), (void *)(ip))
static const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
				   unsigned long *offset, char **modname, char *namebuf);
