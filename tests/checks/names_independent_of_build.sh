# Class names, fingerprints and suppression rules depend on neither code offsets nor
# the optimisation level: a C++ program's member mutexes and a C program's init-site
# mutexes, each pair first used (or initialised) in one function, reported as an
# inversion when built -O0, -O2, and -O2 with a statement added at the top of that
# function (-DEDIT), in both flavours: one set of names, one fingerprint, one rule.
# The two classes of one function have two names (the second "~2"), and a rule
# about a long C++ name is printed whole or by fingerprint, never cut mid-name.
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
build=${BUILD:-build/tests}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0

cat > "$out/member.cc" <<'CC'
#include <mutex>
namespace shop {
struct Store {
	std::mutex shelf, till;
	int stock = 0;

	__attribute__((noinline)) void fill(int n)
	{
#ifdef EDIT
		stock += n * 3 - (n >> 1);
#endif
		std::lock_guard<std::mutex> a(shelf);
		std::lock_guard<std::mutex> b(till);
		stock += n;
	}
	__attribute__((noinline)) void drain()
	{
		std::scoped_lock b(till);
		std::unique_lock<std::mutex> a(shelf);
		stock--;
	}
};
}
int main(int argc, char **)
{
	shop::Store s;

	s.fill(argc);
	s.drain();
	return 0;
}
CC

cat > "$out/sites.c" <<'C'
#include <pthread.h>
#include <stdlib.h>
static volatile int edits;
__attribute__((noinline)) static pthread_mutex_t *make_pair(void)
{
	pthread_mutex_t *m = malloc(2 * sizeof(*m));
#ifdef EDIT
	edits += edits * 7 + 1;
#endif
	pthread_mutex_init(&m[0], NULL);
	pthread_mutex_init(&m[1], NULL);
	return m;
}
int main(void)
{
	pthread_mutex_t *m = make_pair();

	pthread_mutex_lock(&m[0]); pthread_mutex_lock(&m[1]);
	pthread_mutex_unlock(&m[1]); pthread_mutex_unlock(&m[0]);
	pthread_mutex_lock(&m[1]); pthread_mutex_lock(&m[0]);
	pthread_mutex_unlock(&m[0]); pthread_mutex_unlock(&m[1]);
	return 0;
}
C

# The classes a report names, "(mutex@shop::Store::fill())", sorted.
classes() {
	grep -o '(mutex@[^{]*){' "$1" | sed 's/{$//' | LC_ALL=C sort -u
}

# $1: a report; prints its classes, fingerprint and rule.
summary() {
	classes "$1"
	grep '^fingerprint: \|^rule to suppress it: ' "$1"
}

# $1: compiler, $2: source, $3: the names expected, one a line.
same_everywhere() {
	first=
	for build in "-O0" "-O2" "-O2 -DEDIT"; do
		$1 $build -g -DLIBLOCKDEP -include liblockdep.h -pthread "$2" \
			"$build_dir/liblockdep.o" -o "$out/drop-in" -ldl
		"$out/drop-in" 2> "$out/drop-in.txt"
		$1 $build -g -pthread "$2" -o "$out/plain"
		./lockdep "$out/plain" 2> "$out/plain.txt"
		for flavour in drop-in plain; do
			summary "$out/$flavour.txt" > "$out/got"
			if [ -z "$first" ]; then
				first="$build $flavour"
				cp "$out/got" "$out/first"
				classes "$out/$flavour.txt" > "$out/names"
				printf '%s\n' "$3" | cmp -s - "$out/names" ||
					{ echo "$2 $first: classes, expected [$3]:"; cat "$out/$flavour.txt"; return 1; }
				grep -q '^fingerprint: circular-' "$out/got" ||
					{ echo "$2 $first: no report:"; cat "$out/$flavour.txt"; return 1; }
			elif ! cmp -s "$out/first" "$out/got"; then
				echo "$2: $build $flavour differs from $first:"
				diff "$out/first" "$out/got" || :
				return 1
			fi
		done
	done
}
build_dir=$build

failed=0
same_everywhere "$cxx" "$out/member.cc" "(mutex@shop::Store::fill())
(mutex@shop::Store::fill()~2)" || failed=1
same_everywhere "$cc" "$out/sites.c" "(mutex@make_pair)
(mutex@make_pair~2)" || failed=1

# A rule about a long C++ name is printed whole, or by fingerprint: never cut.
long=a_function_name_long_enough_to_fill_most_of_a_line_of_the_report_by_itself
sed "s/fill/$long$long/g" "$out/member.cc" > "$out/long.cc"
$cxx -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$out/long.cc" \
	"$build_dir/liblockdep.o" -o "$out/long" -ldl
"$out/long" 2> "$out/long.txt"
rule=$(sed -n 's/^rule to suppress it: //p' "$out/long.txt")
case $rule in
"suppress circular class=mutex@shop::Store::$long$long() class=mutex@shop::Store::$long$long()~2"|\
"suppress fingerprint=circular-"*) ;;
*) echo "long name: rule [$rule]"; cat "$out/long.txt"; failed=1 ;;
esac
exit $failed
