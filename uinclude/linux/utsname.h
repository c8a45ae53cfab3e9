/* Shim: lockdep names "the kernel" in each report header; we name liblockdep, the
 * kernel release it came from, and the process (src/runtime.c). */
struct liblockdep_utsname { const char *release, *version; };
static const struct liblockdep_utsname *init_utsname(void);
static const char *print_tainted(void);
