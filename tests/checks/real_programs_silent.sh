# Real programs, unmodified, under ./lockdep with the default settings: the same
# output and exit status as plain, and no report. Each is skipped with a message
# where it is not installed. (OpenSSL creates every lock in one helper: without its
# callers' classes, python3's hashlib and curl gave "possible recursive locking";
# GLib creates a GRecMutex's pthread mutex on first use in a static function of its
# stripped library, and gio tree gave it too.) Python's thread and process pools with
# SQLite, and curl's parallel transfers, were silent on the first try.
# Tier: all (real programs: curl, dbus, GLib's tools and more to install)
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "a local file" > "$out/file"
mkdir -p "$out/tree/a/b"
touch "$out/tree/a/b/c"
failed=0

. tests/real_programs.sh

run_if_installed() {
	if command -v "$1" > /dev/null; then
		same_as_plain "$@"
	else
		echo "SKIP real_programs_silent: needs $1"
	fi
}

run_if_installed python3 -c 'import hashlib, ssl, threading; print(hashlib.sha256(b"x").hexdigest())'
run_if_installed curl -s "file://$out/file"
run_if_installed sort -n --parallel=2 "$out/file"
run_if_installed gio tree "$out/tree"
run_if_installed redis-server --version

# SQLite from a thread pool, asyncio's to_thread(), a process pool.
cat > "$out/pools.py" <<'PY'
import asyncio, concurrent.futures, hashlib, sqlite3
def rows(i):
    db = sqlite3.connect(":memory:")
    db.execute("create table t(x)")
    db.executemany("insert into t values(?)", [(j,) for j in range(200)])
    return db.execute("select sum(x) from t").fetchone()[0] + i
async def digests():
    return await asyncio.gather(*[asyncio.to_thread(hashlib.sha256, b"x" * i) for i in range(20)])
if __name__ == "__main__":
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        print(sum(pool.map(rows, range(16))))
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        print(sum(pool.map(abs, range(-20, 20))))
    print(len(asyncio.run(digests())))
PY
run_if_installed python3 "$out/pools.py"

# curl's parallel transfers (-Z) from a local server by host name: the threaded
# resolver runs for each.
if command -v curl > /dev/null && command -v python3 > /dev/null; then
	for i in 1 2 3 4 5 6; do head -c 50000 /dev/urandom > "$out/tree/f$i"; done
	python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$out/tree" > "$out/server" 2>&1 &
	server=$!
	port=
	for i in $(seq 50); do
		port=$(sed -n 's/.* port \([0-9]*\) .*/\1/p' "$out/server")
		[ -n "$port" ] && break
		sleep 0.1
	done
	urls=
	for i in 1 2 3 4 5 6; do urls="$urls http://localhost:$port/f$i"; done
	mkdir "$out/downloads"
	same_as_plain curl -s --no-progress-meter --fail -Z --parallel-max 4 \
		--output-dir "$out/downloads" --remote-name-all $urls
	kill "$server"
	wait "$server" 2> /dev/null || true
else
	echo "SKIP real_programs_silent: needs curl and python3 (curl -Z not run)"
fi
# dbus-daemon serving a few clients: libdbus makes every mutex in one static function
# that Debian's stripped library does not name, so its sites are keyed by call stack
# (one class for them all gave a false cycle through its init_mutex).
if command -v dbus-daemon > /dev/null && command -v dbus-send > /dev/null; then
	./lockdep dbus-daemon --session --nofork --address="unix:path=$out/bus" \
		> /dev/null 2> "$out/report" &
	daemon=$!
	for i in $(seq 100); do [ -S "$out/bus" ] && break; sleep 0.1; done
	for i in 1 2 3; do
		DBUS_SESSION_BUS_ADDRESS="unix:path=$out/bus" dbus-send --session --print-reply \
			--dest=org.freedesktop.DBus /org/freedesktop/DBus \
			org.freedesktop.DBus.ListNames > /dev/null || failed=1
	done
	kill "$daemon"
	wait "$daemon" 2> /dev/null || true
	if grep -q '^\(WARNING\|BUG\|INFO\): ' "$out/report"; then
		echo "dbus-daemon: report under ./lockdep: $(head -c 800 "$out/report")"
		failed=1
	fi
else
	echo "SKIP real_programs_silent: needs dbus-daemon and dbus-send"
fi
exit $failed
