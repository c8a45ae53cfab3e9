# Frames in a library without a symbol table: with its separate debug file
# installed (found by build-id, /usr/lib/debug/.build-id/; Debian's libc6-dbg), libc's
# static start_thread is named; without it (the directory hidden in a mount
# namespace of our own), a trace stops at the thread's start routine or main, and no
# frame reads "libc.so.6+0x...". A half that cannot run here says SKIP.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0
$cc -O2 -g -pthread tests/scenarios/abba_two_threads.c -o "$out/threads"
$cc -O2 -g -pthread tests/scenarios/abba_one_thread.c -o "$out/main"
./lockdep /bin/true	# the library, fresh, before any namespace

# The last frame of the report's final "Call Trace:".
# The last frame: the report's two closing lines (fingerprint, rule) are not frames,
# nor the runner's summary line.
last_frame() { sed -n '/^Call Trace:$/,$p' "$1" |
	grep -v '^fingerprint: \|^rule to suppress it: \|^lockdep: [0-9]* process' | sed -n '$s/^ *//p'; }

libc=$(ldd "$out/threads" | sed -n 's/.*libc\.so\.6 => \([^ ]*\).*/\1/p')
id=$(LC_ALL=C readelf -n "$libc" 2> /dev/null | sed -n 's/.*Build ID: //p')
if [ -n "$id" ] && [ -f "/usr/lib/debug/.build-id/$(echo "$id" | cut -c1-2)/$(echo "$id" | cut -c3-).debug" ]; then
	./lockdep "$out/threads" 2> "$out/named"
	case $(last_frame "$out/named") in
	clone3+0x*) ;;
	*) echo "with libc's debug file, the trace ends at '$(last_frame "$out/named")'"; exit 1 ;;
	esac
	grep -q '^  start_thread+0x' "$out/named" ||
		{ echo "start_thread is not named: $(head -c 800 "$out/named")"; exit 1; }
else
	echo "SKIP frames_debug_files_and_entry: needs libc6-dbg (naming $libc's frames by build-id not checked)"
fi

hidden() { unshare -rm sh -c 'mount -t tmpfs none /usr/lib/debug && exec "$@"' sh "$@"; }
if ! hidden /bin/true 2> /dev/null; then
	echo "SKIP frames_debug_files_and_entry: needs user and mount namespaces (traces without debug files not checked)"
	exit 0
fi
hidden ./lockdep "$out/threads" 2> "$out/threads.report"
hidden ./lockdep "$out/main" 2> "$out/main.report"
for report in threads main; do
	if grep -q 'libc\.so\.6+0x' "$out/$report.report"; then
		echo "$report: a libc frame without a name: $(grep 'libc\.so\.6+0x' "$out/$report.report" | head -3)"
		exit 1
	fi
done
case $(last_frame "$out/threads.report") in
backward+0x*) ;;
*) echo "a thread's trace ends at '$(last_frame "$out/threads.report")', not its start routine"; exit 1 ;;
esac
case $(last_frame "$out/main.report") in
main+0x*) ;;
*) echo "the main thread's trace ends at '$(last_frame "$out/main.report")', not main"; exit 1 ;;
esac
