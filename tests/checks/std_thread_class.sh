# A std::thread's class is named after the call that creates it, "thread@main", and
# its lock is held "at:" that call, at its line (-O2 inlines std::thread's constructor,
# whose code the line table places in libstdc++'s headers): its start routine is libstdc++'s own, the same for
# every std::thread and unnamed in Debian's library, which named every such class
# "thread@libstdc++.so.6+0xd4490<main" and held it at that offset. Under ./lockdep,
# where liblockdep sees libstdc++ create the thread (a drop-in build does not), on a
# cycle the thread reports while its own lock is held.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0
command -v "${CXX:-g++}" > /dev/null || { echo "SKIP std_thread_class: needs g++"; exit 0; }

cat > "$out/prog.cc" <<'CC'
#include <mutex>
#include <thread>

static std::mutex accounts, audit_log;

int main()
{
	{
		std::lock_guard<std::mutex> a(accounts);
		std::lock_guard<std::mutex> l(audit_log);
	}
	std::thread rotate([] {
		std::lock_guard<std::mutex> l(audit_log);
		std::lock_guard<std::mutex> a(accounts);
	});
	rotate.join();
	return 0;
}
CC
"${CXX:-g++}" -O2 -g -pthread "$out/prog.cc" -o "$out/prog"
./lockdep "$out/prog" > /dev/null 2> "$out/err" || true
grep -q '^WARNING: possible circular locking dependency detected$' "$out/err" ||
	{ echo "no circular report:"; cat "$out/err"; exit 1; }
created=$(grep -n 'std::thread rotate' "$out/prog.cc" | cut -d: -f1)
grep -q "^ #0: [0-9a-f]* (thread@main){....}-{0:0}, at: main+0x[0-9a-f]* ($out/prog.cc:$created)\$" "$out/err" || {
	echo "the thread's lock is not \"(thread@main){....}-{0:0}, at: main+0x... ($out/prog.cc:$created)\":"
	grep -n 'thread@\|held by' "$out/err" || cat "$out/err"
	exit 1
}
if grep -n '(thread@[^)]*libstdc++' "$out/err"; then
	echo "a thread's class is named after libstdc++'s code"
	exit 1
fi
