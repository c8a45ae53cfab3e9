# A program compiled from its build directory as "../abba.c" has that name in its
# debug information, joined to the build directory: addr2line answers
# "/src/build/../abba.c:31", and reports printed it so. From the built-in line tables
# and with LIBLOCKDEP_SYMBOLIZE=addr2line, every frame and held lock names the file as
# it is, "/src/abba.c:31", in both flavours. (A relative name, as Debian's libc debug file
# gives, "./misc/../sysdeps/...", is left as it is: it names no directory.)
set -eu
cc=${CC:-cc}
top=$(pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ -x /usr/bin/addr2line ] || [ -x /bin/addr2line ] ||
	{ echo "SKIP source_paths_normalised: needs addr2line (binutils)"; exit 0; }
mkdir "$out/build"
cp tests/projects/abba.c "$out"
make -s preload > /dev/null 2>&1
(cd "$out/build" && $cc -O2 -g -DLIBLOCKDEP -include "$top/liblockdep.h" -pthread ../abba.c \
	"$top/liblockdep.c" -o drop-in && $cc -O2 -g -pthread ../abba.c -o plain)
for symbolize in builtin addr2line; do
	for prog in "$out/build/drop-in" "tests/lockdep_summary_stripped $out/build/plain"; do
		LIBLOCKDEP_EXITCODE=0 LIBLOCKDEP_SYMBOLIZE=$symbolize $prog > /dev/null 2> "$out/err"
		grep -q "(${out}/abba\.c:[0-9]*)$" "$out/err" ||
			{ echo "$symbolize $prog: no frame at $out/abba.c:"; head -40 "$out/err"; exit 1; }
		! grep '(/[^)]*/\.\./' "$out/err" ||
			{ echo "$symbolize $prog: an absolute path with /../ in it"; exit 1; }
	done
done
