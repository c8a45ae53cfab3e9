# Sourced by the build checks (tests/checks/build_*.sh): liblockdep installed as a
# user installs it, and what a program built from abba.c or shop.cc by a project's
# own build must do when run.

# install_to PREFIX LOG: make install into PREFIX (the check fails if it does not).
install_to() {
	/usr/bin/make -s install PREFIX="$1" > "$2" 2>&1 ||
		{ echo "make install PREFIX=\"$1\": $(cat "$2")"; exit 1; }
}

# expect_abba PROGRAM FIRST SECOND [WHERE]: one report, the circular dependency
# between the classes FIRST and SECOND, a stack frame at WHERE ("abba.c:31"), status 66.
expect_abba() {
	status=0
	LIBLOCKDEP_SYMBOLIZE=addr2line "$1" > "$1.out" 2> "$1.err" || status=$?
	[ "$status" -eq 66 ] || { echo "$1 exited $status: $(head -c 600 "$1.err")"; return 1; }
	headline=$(awk 'prev ~ /^=+$/ { print } { prev = $0 }' "$1.err")
	[ "$headline" = "WARNING: possible circular locking dependency detected" ] ||
		{ echo "$1 reported \"$headline\""; return 1; }
	grep -qF "($2)" "$1.err" && grep -qF "($3)" "$1.err" ||
		{ echo "$1: no ($2) and ($3) in $(head -c 600 "$1.err")"; return 1; }
	[ -z "${4:-}" ] || grep -qF "/$4)" "$1.err" ||
		{ echo "$1: no frame at $4 in $(cat "$1.err")"; return 1; }
}

# expect_silent PROGRAM OUTPUT: built -DFIXED, it prints OUTPUT and nothing else,
# status 0.
expect_silent() {
	status=0
	"$1" > "$1.out" 2> "$1.err" || status=$?
	[ "$status" -eq 0 ] && [ ! -s "$1.err" ] && [ "$(cat "$1.out")" = "$2" ] ||
		{ echo "$1 -DFIXED: status $status, $(cat "$1.out") $(head -c 600 "$1.err")"; return 1; }
}

# line_of FILE: the line of FILE's inversion, where the report's last frame points.
line_of() {
	echo "$1:$(grep -n 'the inversion' "tests/projects/$1" | cut -d: -f1)"
}
