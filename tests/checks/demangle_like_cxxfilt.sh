# The C++ demangler (src/demangle.c) against c++filt -i (binutils' demangler with
# std::string and the like abbreviated, as __cxa_demangle() writes them), on every
# name libstdc++.so.6 exports and every name of a C++ program that starts threads
# the ways std::thread, std::call_once and std::async plumb them (function pointers,
# lambdas, member functions, argument packs), at -O0 and -O2. Each name we demangle
# is c++filt's, or c++filt's without a function template's return type, which we
# leave out ("void f<int>(int)": "f<int>(int)"); a name we cannot read stays as it is
# mangled, never another name. Prints how many agree. The thread plumbing of reports'
# stacks must demangle: std::__invoke_impl with an empty pack and a function
# pointer behind an rvalue reference, a member function's, and std::thread's
# _State_impl::_M_run.
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
for tool in c++filt nm "$cxx"; do
	if ! command -v "$tool" > /dev/null; then
		echo "SKIP demangle_like_cxxfilt: needs $tool (binutils, g++)"
		exit 0
	fi
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cat > "$out/demangle.c" <<'EOF'
#include "liblockdep.c"

/* Each line of stdin demangled, or as it is. */
int main(void)
{
	static struct demangler d;
	static char line[8192], name[PATH_MAX];

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		puts(demangle(&d, line, name, sizeof(name)) ? name : line);
	}
	return 0;
}
EOF
$cc -O1 -g -DLIBLOCKDEP -I. "$out/demangle.c" -o "$out/demangle" -pthread -ldl

cat > "$out/threads.cc" <<'EOF'
#include <future>
#include <mutex>
#include <string>
#include <thread>

struct Worker {
	std::mutex m;
	int n = 0;
	void run() { std::lock_guard<std::mutex> g(m); n++; }
	void add(int k, const std::string &why) { std::lock_guard<std::mutex> g(m); n += k + (int)why.size(); }
};

static void plain() {}

int main()
{
	Worker w;
	std::once_flag once;
	std::thread a(plain), b(&Worker::run, &w), c(&Worker::add, &w, 2, std::string("x"));
	std::thread d([&w] { w.run(); }), e([](int k) { (void)k; }, 3);

	a.join(); b.join(); c.join(); d.join(); e.join();
	std::call_once(once, &Worker::run, &w);
	return std::async(std::launch::async, [&w] { w.run(); return w.n; }).get() - 6;
}
EOF
for level in O0 O2; do
	$cxx -$level -g -std=c++17 -pthread "$out/threads.cc" -o "$out/threads-$level"
	nm "$out/threads-$level"
done | awk '{ print $NF }' > "$out/program"
lib=$($cxx -print-file-name=libstdc++.so.6)
nm -D --defined-only "$lib" | awk '{ print $NF }' > "$out/library"
cat "$out/program" "$out/library" | sed 's/@.*//' | grep '^_Z' | sort -u > "$out/names"
"$out/demangle" < "$out/names" > "$out/ours"
c++filt -i < "$out/names" > "$out/cxxfilt"
paste "$out/names" "$out/ours" "$out/cxxfilt" | awk -F '\t' -v counts="$out/counts" '
	$2 == $3 { same++; next }
	$2 == $1 { mangled++; next }
	length($3) > length($2) + 1 && substr($3, length($3) - length($2)) == " " $2 { ret++; next }
	{ wrong++; print "wrong: " $1 "\n  ours:    " $2 "\n  c++filt: " $3 }
	END { printf "%d names: %d as c++filt, %d as c++filt but the return type, %d left mangled, %d wrong\n",
		NR, same, ret, mangled, wrong > counts; exit wrong > 0 }' || {
	cat "$out/counts"
	exit 1
}
cat "$out/counts"

failed=0
expect() {
	got=$(printf '%s\n' "$1" | "$out/demangle")
	if [ "$got" != "$2" ]; then
		echo "$1: \"$got\", expected \"$2\""
		failed=1
	fi
}
expect _ZSt13__invoke_implIvPFvvEJEET_St14__invoke_otherOT0_DpOT1_ \
	'std::__invoke_impl<void, void (*)()>(std::__invoke_other, void (*&&)())'
expect _ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv \
	'std::thread::_State_impl<std::thread::_Invoker<std::tuple<void (*)()> > >::_M_run()'
expect _ZSt13__invoke_implIvM6WorkerFvvEPS0_JEET_St21__invoke_memfun_derefOT0_OT1_DpOT2_ \
	'std::__invoke_impl<void, void (Worker::*)(), Worker*>(std::__invoke_memfun_deref, void (Worker::*&&)(), Worker*&&)'
expect _ZSt13__invoke_implIvM6WorkerFviRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEEPS0_JiS6_EET_St21__invoke_memfun_derefOT0_OT1_DpOT2_ \
	'std::__invoke_impl<void, void (Worker::*)(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&), Worker*, int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >(std::__invoke_memfun_deref, void (Worker::*&&)(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&), Worker*&&, int&&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >&&)'
# A function pointer's declarator around another's, a pack named outside an
# expansion (c++filt shows its first element): refused, never read wrongly.
expect _Z1fPFPFvvEiE _Z1fPFPFvvEiE
expect _Z1fIJicEEvT_ _Z1fIJicEEvT_
# Each of them is in the program, or it would test names no compiler makes.
for name in _ZSt13__invoke_implIvPFvvEJEET_St14__invoke_otherOT0_DpOT1_ \
	_ZNSt6thread11_State_implINS_8_InvokerISt5tupleIJPFvvEEEEEE6_M_runEv \
	_ZSt13__invoke_implIvM6WorkerFvvEPS0_JEET_St21__invoke_memfun_derefOT0_OT1_DpOT2_; do
	grep -qx "$name" "$out/names" || { echo "$name: not in the program built here"; failed=1; }
done
exit $failed
