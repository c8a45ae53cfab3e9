# A few scenarios, and the C++ one, run preloaded under valgrind's memcheck: no error
# in liblockdep (no bad read, no uninitialised value steering a branch, no bad free),
# and the reports still come. Leaks are not counted: lockdep's tables live as long
# as the process.
# Tier: all (valgrind: slow, and needs valgrind)
set -eu
cc=${CC:-cc}
cxx=${CXX:-g++}
command -v valgrind > /dev/null || { echo "SKIP preload_valgrind: needs valgrind"; exit 0; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
make -s preload > /dev/null
for src in abba_two_threads.c cond_wait_reversed.c c11_mtx_inversion.c correct_program.c \
	rwlock_read_write_inversion.c zeroed_heap_lock_first_use.c annotation_classes.c \
	std_mutex_inversion.cc; do
	name=${src%.*}
	case $src in
	*.cc) $cxx -O2 -pthread "tests/scenarios/$src" -o "$out/$name" ;;
	annotation_*) $cc -O2 -DLIBLOCKDEP -DLIBLOCKDEP_PRELOAD -include liblockdep.h -pthread \
		"tests/scenarios/$src" -Lbuild -llockdep -o "$out/$name" ;;
	*) $cc -O2 -pthread "tests/scenarios/$src" -o "$out/$name" ;;
	esac
	status=0
	./lockdep valgrind -q --error-exitcode=1 --leak-check=no "$out/$name" \
		> /dev/null 2> "$out/$name.log" || status=$?
	if [ "$status" -eq 1 ] || grep -q '^==[0-9][0-9]*==' "$out/$name.log"; then
		echo "valgrind finds errors in $name:"
		grep '^==[0-9][0-9]*==' "$out/$name.log" | head -n 30
		exit 1
	fi
	want=$(sed -n 's/^ \* Expect: //p' "tests/scenarios/$src" | head -n 1)
	if [ "$want" != silent ] && ! grep -qxF "$want" "$out/$name.log"; then
		echo "no report \"$want\" from $name under valgrind"
		exit 1
	fi
done
