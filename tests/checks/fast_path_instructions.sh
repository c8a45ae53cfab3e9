# The uncontended lock+unlock pair of one mutex costs at most 200 instructions
# (issue 18's target) in a thread made by pthread_create(), which holds its life map
# (the join check) under every lock: make bench's workload 1, counted by callgrind as
# tests/bench/bench.sh counts it, (Ir at 1/10 - Ir at 1/20) / 110,000 pairs, with
# liblockdep.c at -O2. Instructions, unlike times, are the same on a busy host: a
# test added on the way in shows (a199955: 205, its first-use and plumbing tests 6).
set -eu
cc=${CC:-cc}
pair=${LIBLOCKDEP_DIR:-.}
limit=200
command -v valgrind > /dev/null || { echo "SKIP fast_path_instructions: needs valgrind"; exit 0; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
$cc -O2 -DLIBLOCKDEP -c "$pair/liblockdep.c" -o "$out/liblockdep.o"
$cc -O2 -pthread -DLIBLOCKDEP -include "$pair/liblockdep.h" tests/bench/workloads.c \
	"$out/liblockdep.o" -o "$out/checked"
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/checked" mutex "$1" 2>&1 |
		sed -n 's/.*Collected : //p'
}
pair_cost=$((($(ir 10) - $(ir 20)) / 110000))
if [ "$pair_cost" -gt "$limit" ]; then
	echo "$pair_cost instructions per lock+unlock in a created thread, more than $limit"
	exit 1
fi
