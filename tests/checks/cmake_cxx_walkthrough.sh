# Tier: all (make install, two CMake builds: about 60 s)
# A new user's path through the pages, from the pages themselves: `make install` into a
# prefix, then a CMake C++ project of the user's (a class whose two std::mutex members
# two methods lock in opposite orders, a test run by ctest) built and tested with the
# commands of docs/build.md's CMake block, then made one SARIF log with the commands of
# docs/test-suites.md's local block (both marked "cmake_cxx_walkthrough.sh runs the
# commands of this block"), each run as the page gives it.
# Expected: the configure, build and merge succeed; ctest fails with the report
# ("WARNING: possible circular locking dependency detected", the classes
# mutex@Bank::deposit() and mutex@Bank::deposit()~2, the acquisition at Bank::audit() with its file:line, the rule
# to suppress it by its fingerprint, a frame at the user's
# tests/test_bank.cc:LINE, and Bank::audit()'s frame at src/bank.cc:LINE of its
# second lock, not in libstdc++'s gthr-default.h, which the -O2 build inlines there);
# lockdep.sarif is one SARIF 2.1.0 log with one run, automationDetails, one "circular"
# result at src/bank.cc:LINE, a URI relative to %SRCROOT% (the project's root).
# Fixed, the same commands give a passing ctest, no report and a log of one run with
# no result. With SARIF_SCHEMA
# naming the SARIF 2.1.0 JSON schema (sarif-2.1.0-rtm.5.json) and python3-jsonschema,
# both logs are also validated against it.
set -eu
command -v cmake > /dev/null || { echo "SKIP cmake_cxx_walkthrough: needs cmake"; exit 0; }
command -v ctest > /dev/null || { echo "SKIP cmake_cxx_walkthrough: needs cmake"; exit 0; }
top=$(pwd)
out=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$out"' EXIT
fail() { echo "FAIL cmake_cxx_walkthrough: $1"; [ -z "${2:-}" ] || head -c 4000 "$2"; exit 1; }

# commands_of PAGE: the commands of PAGE's block marked for this check, one a line
# (a line ending in a backslash joined with the next).
commands_of() {
	awk '/<!-- tests\/checks\/cmake_cxx_walkthrough.sh runs/ { found = 1; next }
		found == 1 && /^```/ { found = 2; next }
		found == 2 && /^```/ { exit }
		found == 2 && /\\$/ { sub(/\\$/, ""); part = part $0; next }
		found == 2 { print part $0; part = "" }' "$1"
}
commands_of docs/build.md > "$out/build.cmds"
commands_of docs/test-suites.md > "$out/sarif.cmds"
[ "$(wc -l < "$out/build.cmds")" = 3 ] || fail "docs/build.md: not 3 marked commands" "$out/build.cmds"
[ "$(wc -l < "$out/sarif.cmds")" = 3 ] || fail "docs/test-suites.md: not 3 marked commands" "$out/sarif.cmds"

/usr/bin/make -s install PREFIX="$out/prefix" > "$out/install" 2>&1 ||
	fail "make install" "$out/install"
export PATH="$out/prefix/bin:$PATH"
unset LIBLOCKDEP_SARIF LIBLOCKDEP_JSON LIBLOCKDEP_SRCROOT LIBLOCKDEP_SARIF_CATEGORY \
	LIBLOCKDEP_EXITCODE LIBLOCKDEP_RULES LIBLOCKDEP_GRAPH LIBLOCKDEP_LOG

# The user's project.
proj=$out/myproj
mkdir -p "$proj/src" "$proj/tests"
cat > "$proj/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(myproj CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(Threads REQUIRED)
add_library(bank src/bank.cc)
target_include_directories(bank PUBLIC src)
target_link_libraries(bank PUBLIC Threads::Threads)
enable_testing()
add_executable(test_bank tests/test_bank.cc)
target_link_libraries(test_bank PRIVATE bank)
add_test(NAME test_bank COMMAND test_bank)
CMAKE
cat > "$proj/src/bank.h" <<'CXX'
#pragma once
#include <mutex>

class Bank {
public:
	void deposit(int n);
	void audit();
private:
	std::mutex accounts_;
	std::mutex log_;
	int balance_ = 0;
	int entries_ = 0;
};
CXX
# bank_cc FIRST SECOND: Bank::audit() takes FIRST, then SECOND.
bank_cc() {
	cat > "$proj/src/bank.cc" <<CXX
#include "bank.h"

void Bank::deposit(int n)
{
	std::lock_guard<std::mutex> a(accounts_);
	std::lock_guard<std::mutex> l(log_);
	balance_ += n;
	entries_++;
}

void Bank::audit()
{
	std::lock_guard<std::mutex> first($1);
	std::lock_guard<std::mutex> second($2);	// the second lock
	entries_ += balance_ > 0;
}
CXX
}
cat > "$proj/tests/test_bank.cc" <<'CXX'
#include "bank.h"
#include <thread>

int main()
{
	Bank bank;
	std::thread t([&] { bank.deposit(5); });
	t.join();
	bank.audit();		/* the inversion */
	return 0;
}
CXX
audit_line=$(grep -n 'the inversion' "$proj/tests/test_bank.cc" | cut -d: -f1)
bank_cc log_ accounts_
second_line=$(grep -n 'the second lock' "$proj/src/bank.cc" | cut -d: -f1)

# walk NAME: runs the pages' commands in the project's root, each command's output in
# $out/NAME.<n>; fails on any command's failure but ctest's, whose status is
# $out/NAME.ctest.
walk() {
	rm -rf "$proj/build" "$proj/lockdep-sarif" "$proj/lockdep.sarif"
	n=0
	cat "$out/build.cmds" "$out/sarif.cmds" > "$out/$1.cmds"
	while IFS= read -r cmd; do
		n=$((n + 1))
		status=0
		(cd "$proj" && eval "$cmd") > "$out/$1.$n" 2>&1 < /dev/null || status=$?
		case $cmd in
		*ctest*) echo "$status" > "$out/$1.ctest"; cp "$out/$1.$n" "$out/$1.ctest.out" ;;
		*) [ "$status" = 0 ] || fail "$1: \"$cmd\" exited $status" "$out/$1.$n" ;;
		esac
	done < "$out/$1.cmds"
	[ -s "$out/$1.ctest" ] || fail "$1: the pages ran no ctest" "$out/$1.cmds"
}

# check_log NAME RESULTS WHERE: lockdep.sarif of walk NAME has one run with RESULTS
# results, each a "circular" at WHERE (file:line) in the project's own source,
# relative to %SRCROOT%.
check_log() {
	cp "$proj/lockdep.sarif" "$out/$1.sarif"
	python3 - "$out/$1.sarif" "$proj" "$2" "$3" "${SARIF_SCHEMA:-}" <<'PY' || fail "$1: lockdep.sarif" "$out/$1.sarif"
import json, sys
path, root, want, where, schema = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
log = json.load(open(path))
def need(cond, what):
    if not cond:
        sys.exit(what)
need(log.get("version") == "2.1.0", "version %r" % log.get("version"))
need("sarif-2.1.0" in log.get("$schema", ""), "$schema %r" % log.get("$schema"))
need(len(log["runs"]) == 1, "%d runs, not one" % len(log["runs"]))
run = log["runs"][0]
need(run["tool"]["driver"]["name"] == "liblockdep", "driver")
need(run.get("automationDetails", {}).get("id") == "liblockdep/", "automationDetails %r" % run.get("automationDetails"))
need(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + root + "/", "originalUriBaseIds %r" % run["originalUriBaseIds"])
results = run.get("results", [])
need(len(results) == want, "%d results, not %d" % (len(results), want))
for r in results:
    need(r["ruleId"] == "circular", "ruleId %r" % r["ruleId"])
    need("mutex@Bank::deposit()" in r["message"]["text"], "message %r" % r["message"]["text"])
    loc = r["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    need(art.get("uriBaseId") == "%SRCROOT%", "uriBaseId %r" % art)
    at = "%s:%d" % (art["uri"], loc["region"]["startLine"])
    need(at == where, "the result is at %s, not at the user's %s" % (at, where))
if schema:
    import jsonschema
    jsonschema.validate(log, json.load(open(schema)))
PY
}

walk abba
[ "$(cat "$out/abba.ctest")" != 0 ] || fail "ctest passed on the inversion" "$out/abba.ctest.out"
report=$out/abba.ctest.out
grep -q '^WARNING: possible circular locking dependency detected$' "$report" ||
	fail "no circular report in ctest's output" "$report"
grep -q "(mutex@Bank::deposit()\\(~2\\)\\{0,1\\}){....}-{3:4}, at: Bank::audit()+0x[0-9a-f]* ($proj/src/bank.cc:$second_line)\$" "$report" ||
	fail "not the classes mutex@Bank::deposit() taken at Bank::audit() (src/bank.cc:$second_line)" "$report"
# Classes named after the function that first locked them (another test order names
# them otherwise): the rule names the report's fingerprint, which the order keeps.
fingerprint=$(sed -n 's/^fingerprint: \(circular-[0-9a-f]\{8\}\)$/\1/p' "$report")
[ -n "$fingerprint" ] || fail "no circular fingerprint line" "$report"
grep -qx "rule to suppress it: suppress fingerprint=$fingerprint" "$report" ||
	fail "not the rule naming the fingerprint $fingerprint" "$report"
grep -qF "($proj/tests/test_bank.cc:$audit_line)" "$report" ||
	fail "no frame at the user's tests/test_bank.cc:$audit_line" "$report"
# At -O2 std::mutex::lock is inlined into Bank::audit(): the frame named after it is
# at its line, not at libstdc++'s gthr-default.h.
grep -qx "  *Bank::audit()+0x[0-9a-f]* ($proj/src/bank.cc:$second_line)" "$report" ||
	fail "the second lock's frame is not Bank::audit() at src/bank.cc:$second_line" "$report"
grep -q '1 - test_bank (Failed)' "$report" || fail "ctest does not name test_bank failed" "$report"
[ "$(ls "$proj/lockdep-sarif" | wc -l)" = 1 ] || fail "not one per-process log: $(ls "$proj/lockdep-sarif")"
check_log abba 1 "src/bank.cc:$second_line"

bank_cc accounts_ log_
walk fixed
[ "$(cat "$out/fixed.ctest")" = 0 ] || fail "fixed: ctest exited $(cat "$out/fixed.ctest")" "$out/fixed.ctest.out"
! grep -q 'fingerprint: \|^WARNING\|^BUG' "$out/fixed.ctest.out" || fail "fixed: ctest shows a report" "$out/fixed.ctest.out"
check_log fixed 0 -
