# A build that forces the header into every compile (CC="cc -DLIBLOCKDEP -include
# liblockdep.h", as zstd's huf_decompress_amd64.S is built) also assembles its .S
# files: liblockdep.h must be empty there (__ASSEMBLER__), under gcc and clang, with
# checking on and off. The object still links into a checked program, which reports.
# lockdep-cc adds the header to a command with C and assembler sources both (its C
# files are checked: "cc -c main.c add.S", and a link of main.c add.S), and leaves it
# out only where every source is assembler (clang warns of an unused -include for a
# .s, an error under -Werror).
set -eu
pair=${LIBLOCKDEP_DIR:-$PWD}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cat > "$out/add.S" <<'ASM'
#include <errno.h>
	.text
	.globl	asm_add
	.type	asm_add, @function
asm_add:
#if defined(__x86_64__)
	leaq	(%rdi,%rsi), %rax
	ret
#elif defined(__aarch64__)
	add	x0, x0, x1
	ret
#else
#error "no assembler source for this architecture"
#endif
	.size	asm_add, .-asm_add
	.section .note.GNU-stack,"",@progbits
ASM
cat > "$out/main.c" <<'C'
#include <pthread.h>
#include <stdio.h>
long asm_add(long a, long b);
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
#ifndef LIBLOCKDEP_CHECKS_ASM
#elif !defined(LIBLOCKDEP)
#error "a C file compiled without liblockdep.h"
#endif
int main(void)
{
	pthread_mutex_lock(&a);
	pthread_mutex_lock(&b);
	pthread_mutex_unlock(&b);
	pthread_mutex_unlock(&a);
	pthread_mutex_lock(&b);
	pthread_mutex_lock(&a);
	pthread_mutex_unlock(&a);
	pthread_mutex_unlock(&b);
	printf("%ld\n", asm_add(40, 2));
	return 0;
}
C
failed=0
# tests/run.sh's objects when they are of the pair under test.
if [ -z "${LIBLOCKDEP_DIR:-}" ] && [ -f "${BUILD:-build/tests}/liblockdep-off.o" ]; then
	cp "${BUILD:-build/tests}/liblockdep.o" "$out/liblockdep-on.o"
	cp "${BUILD:-build/tests}/liblockdep-off.o" "$out/liblockdep-off.o"
else
	cc -O2 -g -DLIBLOCKDEP -c "$pair/liblockdep.c" -o "$out/liblockdep-on.o"
	cc -O2 -g -c "$pair/liblockdep.c" -o "$out/liblockdep-off.o"
fi
for cc in cc clang; do
	command -v $cc > /dev/null || { echo "$cc is not installed"; failed=1; continue; }
	for macro in -DLIBLOCKDEP -ULIBLOCKDEP; do
		compile="$cc -O2 -g $macro -include $pair/liblockdep.h"
		lib=$out/liblockdep-on.o
		[ "$macro" = -ULIBLOCKDEP ] && lib=$out/liblockdep-off.o
		if ! $compile -c "$out/add.S" -o "$out/add.o" 2> "$out/err"; then
			echo "$cc $macro: the .S does not assemble: $(head -c 600 "$out/err")"
			failed=1
			continue
		fi
		$compile -pthread "$out/main.c" "$out/add.o" "$lib" -o "$out/prog"
		status=0
		"$out/prog" > "$out/stdout" 2> "$out/stderr" || status=$?
		want_status=0 want_report=0
		[ "$macro" = -DLIBLOCKDEP ] && want_status=66 want_report=1
		if [ "$(cat "$out/stdout")" != 42 ] || [ "$status" != $want_status ] ||
		   [ "$(grep -c '^WARNING: possible circular locking dependency detected$' "$out/stderr")" != $want_report ]; then
			echo "$cc $macro: status $status (want $want_status), output $(cat "$out/stdout"), reports: $(head -c 600 "$out/stderr")"
			failed=1
		fi
	done
done
# lockdep-cc: $1 the real compiler; a mixed compile, a mixed link, assembler alone.
wrapper_builds() {
	ccw="env LIBLOCKDEP_CC=$1 $PWD/lockdep-cc -O2 -g -Werror"

	printf '\t.text\n\t.globl asm_nothing\nasm_nothing:\n\t.section .note.GNU-stack,"",@progbits\n' \
		> "$out/plain.s"
	if ! (cd "$out" && $ccw -DLIBLOCKDEP_CHECKS_ASM -c main.c add.S) > "$out/err" 2>&1 ||
	   ! $ccw -c "$out/plain.s" -o "$out/plain.o" >> "$out/err" 2>&1 ||
	   ! $ccw -DLIBLOCKDEP_CHECKS_ASM -pthread "$out/main.c" "$out/add.S" -o "$out/wrapped" \
		>> "$out/err" 2>&1; then
		echo "lockdep-cc with $1: $(head -c 800 "$out/err")"
		return 1
	fi
	status=0
	"$out/wrapped" > "$out/stdout" 2> "$out/stderr" || status=$?
	if [ "$(cat "$out/stdout")" != 42 ] || [ "$status" != 66 ] ||
	   [ "$(grep -c '^WARNING: possible circular locking dependency detected$' "$out/stderr")" != 1 ]; then
		echo "lockdep-cc with $1: status $status (want 66), output $(cat "$out/stdout"), reports: $(head -c 600 "$out/stderr")"
		return 1
	fi
}
for cc in cc clang; do
	command -v $cc > /dev/null || continue
	wrapper_builds $cc || failed=1
done
exit $failed
