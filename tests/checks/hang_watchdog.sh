# LIBLOCKDEP_HANG and LIBLOCKDEP_SHOW_LOCKS_SIGNAL (src/hang_watchdog.c), in both
# flavours (the drop-in, and ./lockdep on the plain build): a real AB-BA deadlock
# left to hang prints the hung tasks, both threads' held locks and the cycle as a
# deadlock, and is then killed here, and so does one where a writer of an rwlock
# waits for its reader; a long correct condition wait prints the
# hung-task view once and nothing else, and exits as it would; the signal and
# liblockdep_show_all_locks() print the held locks; in a child of fork() the signal
# says once why it shows nothing and takes its default action; a signal that cannot
# be caught or is sent for a fault is refused with one line.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
src=tests/hang
$cc -O2 -g -DLIBLOCKDEP -c liblockdep.c -o "$out/liblockdep.o"
for prog in abba_hang rwlock_mutex_hang long_cond_wait; do
	$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src/$prog.c" "$out/liblockdep.o" \
		-o "$out/$prog-dropin"
	$cc -O2 -g -pthread "$src/$prog.c" -o "$out/$prog-plain"
done
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src/show_locks_signal.c" \
	"$out/liblockdep.o" -o "$out/show_locks_signal-dropin"
$cc -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread "$src/show_locks_signal_child.c" \
	"$out/liblockdep.o" -o "$out/show_locks_signal_child-dropin"
$cc -O2 -g -pthread "$src/show_locks_signal_child.c" -o "$out/show_locks_signal_child-plain"
$cc -O2 -g -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -include liblockdep.h -pthread \
	"$src/show_locks_signal.c" -o "$out/show_locks_signal-plain" -Lbuild -llockdep 2>/dev/null ||
	{ make -s preload >/dev/null && $cc -O2 -g -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -include liblockdep.h \
	-pthread "$src/show_locks_signal.c" -o "$out/show_locks_signal-plain" -Lbuild -llockdep; }

fail() { echo "$1:"; cat "$2"; exit 1; }

# Runs a flavour of a program in the background, its stderr to $3.
start() {
	case $2 in
	dropin) env LIBLOCKDEP_HANG=1 "$out/$1-dropin" 2> "$3" & ;;
	plain) env LIBLOCKDEP_HANG=1 ./lockdep "$out/$1-plain" 2> "$3" & ;;
	esac
	pid=$!
}

# Waits (10 s at most) until the started program's log shows the watchdog's DEADLOCK
# line twice, then kills it: a hung program never ends by itself.
hung_until_two_deadlocks() {
	for _ in $(seq 100); do
		[ "$(grep -c '^ \*\*\* DEADLOCK \*\*\*$' "$1")" -ge 2 ] && break
		sleep 0.1
	done
	sleep 0.5
	kill -KILL $pid 2>/dev/null || true
	wait $pid 2>/dev/null || true
}

for flavour in dropin plain; do
	log=$out/abba-$flavour
	start abba_hang $flavour "$log"
	hung_until_two_deadlocks "$log"
	grep -q '^WARNING: possible circular locking dependency detected$' "$log" ||
		fail "$flavour: no inversion report before the hang" "$log"
	grep -q '^INFO: task abba_hang[^:]*:[0-9]* blocked for more than 1 seconds\.$' "$log" ||
		fail "$flavour: no hung-task line" "$log"
	grep -q '^Showing all locks held in the system:$' "$log" || fail "$flavour: no held locks" "$log"
	for held in ' #1: [0-9a-f]* (accounts_lock).*, at: transfer+' ' #2: [0-9a-f]* (audit_lock).*, at: transfer+' \
		    ' #1: [0-9a-f]* (audit_lock).*, at: audit+' ' #2: [0-9a-f]* (accounts_lock).*, at: audit+'; do
		grep -q "^$held" "$log" || fail "$flavour: held lock '$held' not shown" "$log"
	done
	sed -n '/^WARNING: deadlock: threads wait for each other in a cycle$/,/DEADLOCK/p' "$log" > "$log.cycle"
	grep -q 'waits in lock [0-9a-f]* (audit_lock), held by abba_hang[^/]*/[0-9]*$' "$log.cycle" &&
	grep -q 'waits in lock [0-9a-f]* (accounts_lock), held by abba_hang[^/]*/[0-9]*$' "$log.cycle" ||
		fail "$flavour: no cycle of the two waits" "$log"
	[ "$(grep -c '^WARNING: deadlock' "$log")" -eq 1 ] || fail "$flavour: the cycle more than once" "$log"

	# A writer that waits for a reader waits as much as a mutex's waiter does.
	log=$out/rwlock-$flavour
	start rwlock_mutex_hang $flavour "$log"
	hung_until_two_deadlocks "$log"
	sed -n '/^WARNING: deadlock: threads wait for each other in a cycle$/,/DEADLOCK/p' "$log" > "$log.cycle"
	grep -q 'waits in lock [0-9a-f]* (table_lock), held by rwlock_mutex_ha[^/]*/[0-9]*$' "$log.cycle" &&
	grep -q 'waits in lock [0-9a-f]* (stats_lock), held by rwlock_mutex_ha[^/]*/[0-9]*$' "$log.cycle" ||
		fail "$flavour: no cycle of the rwlock's and the mutex's waits" "$log"
	[ "$(grep -c '^INFO: task rwlock_mutex_ha[^:]*:[0-9]* blocked for more than 1 seconds\.$' "$log")" -eq 3 ] ||
		fail "$flavour: expected both threads and the joining one blocked" "$log"

	log=$out/cond-$flavour
	start long_cond_wait $flavour "$log"
	status=0
	wait $pid || status=$?
	[ $status -eq 0 ] || fail "$flavour: long condition wait exited $status" "$log"
	[ "$(grep -c '^INFO: task long_cond_wait[^:]*:[0-9]* blocked for more than 1 seconds\.$' "$log")" -eq 1 ] ||
		fail "$flavour: expected one hung-task line" "$log"
	grep -q 'waits in condition wait [0-9a-f]*$' "$log" || fail "$flavour: no condition wait shown" "$log"
	! grep -q -e '^WARNING' -e '^BUG' -e DEADLOCK "$log" || fail "$flavour: a report" "$log"

	log=$out/signal-$flavour
	if [ $flavour = dropin ]; then
		LIBLOCKDEP_SHOW_LOCKS_SIGNAL=10 "$out/show_locks_signal-dropin" 2> "$log"
	else
		LIBLOCKDEP_SHOW_LOCKS_SIGNAL=10 LD_LIBRARY_PATH=build ./lockdep "$out/show_locks_signal-plain" 2> "$log"
	fi
	[ "$(grep -c '^Showing all locks held in the system:$' "$log")" -eq 2 ] ||
		fail "$flavour: expected two views" "$log"
	grep -q '^ #0: [0-9a-f]* (session_lock).*, at: main+' "$log" ||
		fail "$flavour: session_lock not shown" "$log"
	! grep -q -e '^INFO' -e '^WARNING' "$log" || fail "$flavour: more than the views" "$log"

	# In a child of fork(), which has no watchdog: one line why, then the default action.
	log=$out/signal-child-$flavour
	status=0
	if [ $flavour = dropin ]; then
		LIBLOCKDEP_SHOW_LOCKS_SIGNAL=10 "$out/show_locks_signal_child-dropin" 2> "$log" || status=$?
	else
		LIBLOCKDEP_SHOW_LOCKS_SIGNAL=10 LD_LIBRARY_PATH=build ./lockdep \
			"$out/show_locks_signal_child-plain" 2> "$log" || status=$?
	fi
	[ $status -eq 0 ] || fail "$flavour: the child did not end by its signal (exit $status)" "$log"
	# ./lockdep ends with its summary line: the parent, the one process that ended.
	lines=1
	[ $flavour = dropin ] || { lines=2; tail -n 1 "$log" |
		grep -qx 'lockdep: 1 process checked, [0-9]* lock class[es]*, 0 reports' ||
		fail "$flavour: no summary line at the end" "$log"; }
	[ "$(wc -l < "$log")" -eq $lines ] &&
	grep -qx 'liblockdep: LIBLOCKDEP_SHOW_LOCKS_SIGNAL=10: no held locks shown in pid [0-9]*, a child of fork() (no watchdog thread); the signal takes its default action' "$log" ||
		fail "$flavour: expected the one line why, in the child" "$log"
done

# Signals that cannot be caught, or that the kernel sends for a fault, are refused with
# one line; the program runs as without the setting (its child ends by SIGUSR1).
for sig in 4 5 6 7 8 9 11 19 31 32 33 0 65 x; do
	log=$out/bad-signal-$sig
	LIBLOCKDEP_SHOW_LOCKS_SIGNAL=$sig "$out/show_locks_signal_child-dropin" 2> "$log" ||
		fail "signal $sig: the program failed" "$log"
	[ "$(wc -l < "$log")" -eq 1 ] &&
	grep -qx "liblockdep: LIBLOCKDEP_SHOW_LOCKS_SIGNAL=\"$sig\" is not valid (accepted: a signal number the program can catch, not SIGKILL, SIGSTOP, SIGABRT or one sent for a fault: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS); using the default" "$log" ||
		fail "signal $sig: expected one line refusing it" "$log"
done
