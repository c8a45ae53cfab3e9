/*
 * For a fuzz target whose parser reads a file by its path, as liblockdep reads a
 * loaded object's ELF file: the input's bytes in a memfd, at "/proc/self/fd/N".
 * first() runs once, before the first input is written.
 */
#include <sys/mman.h>

static const char *fuzz_input_file(const uint8_t *data, size_t size, void (*first)(void))
{
	static int fd = -1;
	static char path[64];

	if (fd < 0) {
		fd = memfd_create("fuzz_input", 0);
		if (fd < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		first();
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	return path;
}
