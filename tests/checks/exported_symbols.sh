# Linking liblockdep.c into a program adds no global symbol but liblockdep's public
# API and the weak definitions of the calls that give memory back (the ALLOCATOR
# family of src/routed_calls.h, see src/freed_memory.c), and a shared library built
# from it exports nothing else: no lock_acquire,
# debug_locks, printk, list_add or any other kernel or shim name. The preload flavour
# exports the same, plus each routed call under its real name, _exit/_Exit (the
# runner's exit status, src/runner.c) and liblockdep_preload_stand_aside (which a
# drop-in build's copy calls, src/two_copies.c). The object liblockdep.o holds no other global
# either, so a program with a function named like a kernel one (lock_stats) links.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/prog.c" <<'C'
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int main(void) { pthread_mutex_lock(&m); return pthread_mutex_unlock(&m); }
C
# The baseline uses what liblockdep uses from libc's static part (pthread_atfork).
printf 'void use_atfork(void);\nvoid use_atfork(void) { pthread_atfork(0, 0, 0); }\n' >> "$out/prog.c"
$cc -O2 -pthread "$out/prog.c" -o "$out/plain"
# Versioned names (name@GLIBC_...) are copies of libc's data the program refers to.
globals() { nm --defined-only "$1" | awk '$2 ~ /[A-Z]/ && $3 !~ /@/ { print $3 }' | sort -u; }
# liblockdep.c compiled once, as a build that lists it among its sources does.
$cc -O2 -c -DLIBLOCKDEP -pthread liblockdep.c -o "$out/liblockdep.o"
$cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread "$out/prog.c" "$out/liblockdep.o" -o "$out/checked"
globals "$out/plain" > "$out/plain.syms"
globals "$out/checked" | comm -23 - "$out/plain.syms" > "$out/added.syms"
# Kernel and runtime names are renamed into liblockdep__ and hidden: global in an
# executable's symbol table only, never resolvable from outside it.
allocator=$(sed -n 's/^LIBLOCKDEP_CALL(ALLOCATOR, [^,]*, \([a-z_0-9]*\),.*/\1/p' src/routed_calls.h)
if grep -v '^liblockdep_' "$out/added.syms" | grep -vxF "$allocator"; then
	echo "^ global symbols added to the program outside liblockdep's namespace"
	exit 1
fi
for name in $allocator; do
	nm "$out/checked" | grep -q " W $name\$" || { echo "$name is not weak in the program"; exit 1; }
done
# Hidden names turn local once linked, so the object itself is what a program's
# own names meet: one global there outside the namespace and a program with a
# function of that name no longer links (lock_stat's lock_stats, say).
globals "$out/liblockdep.o" > "$out/object.syms"
if grep -v '^liblockdep_' "$out/object.syms" | grep -vxF "$allocator"; then
	echo "^ global symbols of liblockdep.o outside liblockdep's namespace"
	exit 1
fi
for name in lock_stats clear_lock_stats lock_acquired lock_contended printk lock_acquire debug_locks; do
	printf 'int %s(void);\nint %s(void) { return 0; }\n' "$name" "$name" >> "$out/prog.c"
done
if ! $cc -O2 -DLIBLOCKDEP -include liblockdep.h -pthread "$out/prog.c" "$out/liblockdep.o" \
	-o "$out/clash" 2> "$out/clash.err"; then
	cat "$out/clash.err"
	echo "^ a program with kernel-named functions of its own does not link with liblockdep.c"
	exit 1
fi
readelf -sW "$out/checked" | awk '$5 == "GLOBAL" && $8 ~ /^liblockdep__/ && $6 != "HIDDEN" { print $8; bad = 1 } END { exit bad }'
$cc -O2 -fPIC -shared -DLIBLOCKDEP -pthread liblockdep.c -o "$out/liblockdep.so"
nm -D --defined-only "$out/liblockdep.so" | awk '{ print $3 }' > "$out/exported.syms"
if grep -v '^liblockdep_[a-z]' "$out/exported.syms" | grep -vxF "$allocator"; then
	echo "^ exported from a shared library built from liblockdep.c"
	exit 1
fi
grep -q '^liblockdep_pthread_mutex_lock$' "$out/exported.syms"
for name in lock_acquire debug_locks printk list_add current lockdep_init_map_type; do
	if nm "$out/checked" | grep -q " [A-Z] $name\$"; then
		echo "kernel name $name is global in the program"
		exit 1
	fi
done
$cc -O2 -fPIC -shared -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -pthread liblockdep.c -o "$out/preload.so" -ldl
sed -n 's/^LIBLOCKDEP_CALL([A-Z_]*, [^,]*, \([a-z_0-9]*\),.*/\1/p' src/routed_calls.h |
	cat - "$out/exported.syms" | { cat; printf '_Exit\n_exit\nliblockdep_preload_stand_aside\n'; } | sort -u > "$out/preload.want"
nm -D --defined-only "$out/preload.so" | awk '{ print $3 }' | sort > "$out/preload.syms"
if ! cmp -s "$out/preload.want" "$out/preload.syms"; then
	echo "the preload flavour exports other names than liblockdep's API and the routed calls:"
	diff "$out/preload.want" "$out/preload.syms"
	exit 1
fi
