# The engine under Valgrind's memcheck: the stress scenario (threads, new classes,
# own classes created and freed, destroy/re-init) and a reporting scenario, with no
# memory error.
# Tier: all (valgrind: slow, and needs valgrind)
set -eu
build=${BUILD:-build/tests}
command -v valgrind > /dev/null || { echo "SKIP valgrind_memcheck: needs valgrind"; exit 0; }
for scenario in stress_many_threads abba_two_threads thread_exit_holding_locks; do
	# Built as tests/run.sh builds it (make test-extra runs no scenario).
	[ -x "$build/$scenario" ] || ${CC:-cc} -O2 -g -DLIBLOCKDEP -include liblockdep.h -pthread \
		"tests/scenarios/$scenario.c" "$build/liblockdep.o" -o "$build/$scenario"
	if ! STRESS_SECONDS=2 LIBLOCKDEP_EXITCODE=0 timeout 300 valgrind -q --error-exitcode=9 \
		--leak-check=no "$build/$scenario" > /dev/null 2> "$build/$scenario.valgrind"; then
		echo "$scenario under valgrind:"
		grep -v '^WARNING\|^ \|^$' "$build/$scenario.valgrind" | head -30
		exit 1
	fi
done
