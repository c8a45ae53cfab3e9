/* Shim: symbol lookup over the loaded objects' ELF symbol tables (src/symbols.c). */
#define KSYM_NAME_LEN 512
#define print_ip_sym(level, ip) printk("%s[<%px>] %pS\n", level, (void *)(ip), (void *)(ip))
static const char *kallsyms_lookup(unsigned long addr, unsigned long *size,
				   unsigned long *offset, char **modname, char *namebuf);
