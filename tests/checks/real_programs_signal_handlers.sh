# Real programs' signal handlers under ./lockdep, judged by what they can interrupt
# (docs/signals.md). Each part is skipped with one line where its package is missing.
#  - PowerDNS Authoritative 4.7 (pdns-server, pdns-backend-bind) on loopback with a
#    small zone, asked a few questions (dig, bind9-dnsutils), stopped with
#    pdns_control quit, three times: silent. Its SIGALRM handler runs the exit path;
#    its SIGABRT crash handler takes no lock; libcrypto's locks are taken at start-up,
#    before the SIGALRM handler exists.
#  - h2o 2.2 with 4 threads, serving a file, stopped by SIGTERM: its handler locks the
#    message queue mutex that every event loop takes with SIGTERM deliverable.
#    Reported.
#  - iperf 2.1 as a server, after one client run, stopped by SIGINT: its handler locks
#    the mutex of thread_sNum_cond, which every thread's start and exit lock with SIGINT
#    deliverable. Reported.
# Tier: all (real programs: PowerDNS, h2o and iperf to install)
set -eu
out=$(mktemp -d)
chmod 755 "$out"		# h2o started as root serves files as nobody
trap 'rm -rf "$out"' EXIT
failed=0
make -s preload > /dev/null

. tests/real_programs.sh

# A TCP or UDP port on loopback that nothing listens on now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to 20 s for "$@" to succeed.
wait_for() {
	for _ in $(seq 200); do
		"$@" > /dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}

# Whether process $1 has a handler for signal $2 (0 < $2 <= 32).
catches() {
	mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status")
	[ $(( 0x${mask:-0} >> ($2 - 1) & 1 )) = 1 ]
}

# $1: what; $2: the report file; $3: the lock class it must name. One report, the
# handler's: inconsistent lock state, the lock taken in hard-irq context.
handler_reported() {
	what=$1 report=$2 class=$3
	headlines=$(grep -A1 '^=====' "$report" | grep -v '^[=-]' | sort | uniq -c | sed 's/^ *//')
	if [ "$headlines" != "1 WARNING: inconsistent lock state" ] ||
	   ! grep -q 'inconsistent {HARDIRQ-ON-W} -> {IN-HARDIRQ-W} usage' "$report" ||
	   ! grep -A1 'HC1\[1\].* takes:' "$report" | grep -qF "($class"; then
		echo "$what: the handler's deadlock on $class not reported as expected:" \
			"$(sed -n '/^=====/,$p' "$report" | head -c 800)"
		failed=1
	fi
}

pdns_run() {
	dir=$out/pdns port=$1 run=$2
	status=0
	./lockdep pdns_server --config-dir="$dir" > "$dir/out" 2> "$dir/err.$run" &
	pid=$!
	if ! wait_for dig +short +time=1 +tries=1 @127.0.0.1 -p "$port" www.example.test A; then
		echo "pdns (run $run): no answer"
		failed=1
	fi
	for name in www mail ns1 missing; do
		dig +short +time=2 @127.0.0.1 -p "$port" "$name.example.test" A >> "$dir/answers"
	done
	dig +short +tcp +time=2 @127.0.0.1 -p "$port" example.test MX >> "$dir/answers"
	pdns_control --config-dir="$dir" --socket-dir="$dir" quit > /dev/null 2>&1 || true
	wait "$pid" || status=$?
	silent "pdns_server (run $run)" 0 $status "$dir/err.$run"
}

if command -v pdns_server > /dev/null && command -v pdns_control > /dev/null &&
   command -v dig > /dev/null && ls /usr/lib/*/pdns/libbindbackend.so > /dev/null 2>&1; then
	dir=$out/pdns
	mkdir -p "$dir"
	port=$(free_port)
	cat > "$dir/example.test.zone" <<'ZONE'
$TTL 300
@	IN SOA ns1.example.test. admin.example.test. 1 3600 600 86400 300
@	IN NS ns1.example.test.
ns1	IN A 127.0.0.1
www	IN A 127.0.0.2
mail	IN A 127.0.0.3
@	IN MX 10 mail.example.test.
ZONE
	printf 'zone "example.test" { type master; file "%s/example.test.zone"; };\n' \
		"$dir" > "$dir/named.conf"
	cat > "$dir/pdns.conf" <<CONF
launch=bind
bind-config=$dir/named.conf
local-address=127.0.0.1
local-port=$port
socket-dir=$dir
daemon=no
guardian=no
setuid=
setgid=
disable-syslog=yes
CONF
	for run in 1 2 3; do
		pdns_run "$port" $run
	done
	if [ "$(grep -c . "$dir/answers")" != 12 ]; then
		echo "pdns: answers: $(cat "$dir/answers")"
		failed=1
	fi
else
	echo "SKIP pdns: needs pdns-server, pdns-backend-bind and bind9-dnsutils"
fi

if command -v h2o > /dev/null && command -v curl > /dev/null; then
	dir=$out/h2o
	mkdir -p "$dir/www"
	echo hello > "$dir/www/index.html"
	port=$(free_port)
	cat > "$dir/h2o.conf" <<CONF
listen:
  host: 127.0.0.1
  port: $port
num-threads: 4
error-log: $dir/error.log
hosts:
  default:
    paths:
      /:
        file.dir: $dir/www
CONF
	./lockdep h2o -c "$dir/h2o.conf" > "$dir/out" 2> "$dir/err" &
	pid=$!
	wait_for curl -sf "http://127.0.0.1:$port/index.html" || { echo "h2o: no answer"; failed=1; }
	for _ in 1 2 3 4 5 6 7 8; do
		curl -sf "http://127.0.0.1:$port/index.html" >> "$dir/answers" || true
	done
	[ "$(grep -c hello "$dir/answers")" = 8 ] || { echo "h2o: answers: $(cat "$dir/answers")"; failed=1; }
	kill -TERM "$pid"
	wait "$pid" || true
	# h2o writes its standard error, and so the report, to its error log.
	handler_reported "h2o (SIGTERM)" "$dir/error.log" mutex@h2o_multithread_create_queue
else
	echo "SKIP h2o: needs h2o and curl"
fi

if command -v iperf > /dev/null; then
	dir=$out/iperf
	mkdir -p "$dir"
	port=$(free_port)
	# Started in the background, iperf would find SIGINT ignored and keep it so.
	env --default-signal=INT ./lockdep iperf -s -B 127.0.0.1 -p "$port" \
		> "$dir/out" 2> "$dir/err" &
	pid=$!
	wait_for iperf -c 127.0.0.1 -p "$port" -t 1 || { echo "iperf: no client run"; failed=1; }
	# Its listener installs the SIGINT and SIGTERM handler after it accepts.
	wait_for catches "$pid" 15 || { echo "iperf: no SIGTERM handler"; failed=1; }
	kill -INT "$pid"
	wait "$pid" || true
	# The mutex is made in iperf's main program, which has no symbols: named by place.
	handler_reported "iperf (SIGINT)" "$dir/err" mutex@iperf+
else
	echo "SKIP iperf: needs iperf"
fi
exit $failed
