# Real programs, unmodified, under ./lockdep with the default settings: the same
# output and exit status as plain, and no report. Each is skipped with a message
# where it is not installed. (OpenSSL creates every lock in one helper: without its
# callers' classes, python3's hashlib and curl gave "possible recursive locking";
# GLib creates a GRecMutex's pthread mutex on first use in a static function of its
# stripped library, and gio tree gave it too.)
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "a local file" > "$out/file"
mkdir -p "$out/tree/a/b"
touch "$out/tree/a/b/c"
failed=0

same_as_plain() {
	status=0 plain=0
	"$@" > "$out/plain" 2>&1 || plain=$?
	./lockdep "$@" > "$out/checked" 2> "$out/report" || status=$?
	if [ "$status" != "$plain" ] || ! cmp -s "$out/plain" "$out/checked" || [ -s "$out/report" ]; then
		echo "$*: exit $status under ./lockdep, $plain plain; report: $(head -c 800 "$out/report")"
		failed=1
	fi
}

run_if_installed() {
	if command -v "$1" > /dev/null; then
		same_as_plain "$@"
	else
		echo "$1 is not installed: skipped"
	fi
}

run_if_installed python3 -c 'import hashlib, ssl, threading; print(hashlib.sha256(b"x").hexdigest())'
run_if_installed curl -s "file://$out/file"
run_if_installed sort -n --parallel=2 "$out/file"
run_if_installed gio tree "$out/tree"
run_if_installed redis-server --version
exit $failed
