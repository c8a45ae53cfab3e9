# Threads that each take their own locks must not slow each other down: once a lock
# and its chain are known, a lock+unlock writes only thread-local memory. Writes to a
# global (lockdep's tables, liblockdep's state) or to the shared side table's entries
# would bounce cache lines between cores on every lock. After a warm-up, a thousand
# lock+unlock pairs of a mutex, of an rwlock read and write, and of a spin lock must
# leave the program's data and bss and the side table's first chunk of entries
# byte-identical.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/prog.c" <<'C'
#include "liblockdep.c"

extern char __data_start[], _end[];
static pthread_mutex_t m;
static pthread_rwlock_t rw;
static pthread_spinlock_t s;

static void pairs(int n)
{
	for (int i = 0; i < n; i++) {
		liblockdep_pthread_mutex_lock(&m);
		liblockdep_pthread_rwlock_rdlock(&rw);
		liblockdep_pthread_rwlock_unlock(&rw);
		liblockdep_pthread_mutex_unlock(&m);
		liblockdep_pthread_rwlock_wrlock(&rw);
		liblockdep_pthread_spin_lock(&s);
		liblockdep_pthread_spin_unlock(&s);
		liblockdep_pthread_rwlock_unlock(&rw);
	}
}

static int compare(const char *what, const char *before, const char *now, size_t len)
{
	int changed = 0;

	for (size_t i = 0; i < len; i++)
		if (before[i] != now[i] && changed++ < 10)
			printf("%s %lx\n", what, (unsigned long)(now + i));
	return changed;
}

int main(void)
{
	size_t data_len = _end - __data_start, chunk_len = sizeof(lock_entry_chunks->entries);
	char *data = malloc(data_len), *chunk = malloc(chunk_len);

	liblockdep_pthread_mutex_init(&m, NULL);
	liblockdep_pthread_rwlock_init(&rw, NULL);
	liblockdep_pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
	pairs(10);
	memcpy(data, __data_start, data_len);
	memcpy(chunk, lock_entry_chunks->entries, chunk_len);
	pairs(1000);
	return compare("data/bss", data, __data_start, data_len) +
	       compare("side-table", chunk, (const char *)lock_entry_chunks->entries, chunk_len) != 0;
}
C
# Not position-independent, so that the addresses it prints are nm's.
$cc -O2 -g -no-pie -DLIBLOCKDEP -I. -pthread "$out/prog.c" -o "$out/prog"
if ! "$out/prog" > "$out/changed"; then
	nm -n -t d "$out/prog" | awk '$2 ~ /^[bBdD]$/' > "$out/symbols"
	# Each changed byte, with the symbol it lies in when it is a global's.
	while read -r what addr; do
		symbol=$(awk -v a="$((0x$addr))" '$1 + 0 <= a + 0 { s = $3 } END { print s }' "$out/symbols")
		echo "$what: written at 0x$addr${symbol:+ (in or after $symbol)}"
	done < "$out/changed"
	echo "^ written by lock+unlock pairs after the warm-up"
	exit 1
fi
