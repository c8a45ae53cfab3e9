# Class names are the same in every run (fingerprints and a graph across processes
# are keyed by them): a stripped PIE, whose classes are named by object and offset,
# and a program with named variables, each run twice under ./lockdep with address
# randomisation; the class names of the two reports must be equal, and hold no
# absolute address.
set -eu
cc=${CC:-cc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export LIBLOCKDEP_EXITCODE=0
$cc -O2 -pie -fPIE -pthread -Wl,--strip-all tests/scenarios/stripped_program_names.c \
	-o "$out/stripped"
$cc -O2 -pie -fPIE -pthread tests/scenarios/variable_names_classes.c -o "$out/variables"
[ "$(cat /proc/sys/kernel/randomize_va_space)" != 0 ] ||
	echo "address randomisation is off here: two runs may share addresses"

# The class names a report gives, "(name){", in order.
class_names() { grep -o '([^()]*){' "$1" | sed 's/^(//; s/){$//'; }

failed=0
for program in stripped variables; do
	./lockdep "$out/$program" 2> "$out/$program.1"
	./lockdep "$out/$program" 2> "$out/$program.2"
	class_names "$out/$program.1" > "$out/$program.names1"
	class_names "$out/$program.2" > "$out/$program.names2"
	if [ ! -s "$out/$program.names1" ]; then
		echo "$program: no class names in its report: $(head -c 600 "$out/$program.1")"
		failed=1
	elif ! cmp -s "$out/$program.names1" "$out/$program.names2"; then
		echo "$program: class names differ between runs:"
		diff "$out/$program.names1" "$out/$program.names2" | head -10
		failed=1
	elif grep -q '0x[0-9a-f]\{8,\}' "$out/$program.names1"; then
		echo "$program: an address in a class name: $(grep '0x[0-9a-f]\{8,\}' "$out/$program.names1" | head -3)"
		failed=1
	fi
done
exit $failed
