# Real programs busy with threads, unmodified, under ./lockdep with the default
# settings, as in real_programs_silent.sh. Each is skipped with one line where it is
# not installed.
#  - redis-server with 10 I/O threads that also read, under redis-benchmark's 50
#    clients (on 2 cores as slow plain as checked: its I/O threads spin).
#  - ffmpeg: MPEG-4 encoded with slice threads, MPEG-4 and H.264 decoded with frame
#    and slice threads, libx264 with its own threads: the same frames, by their MD5s.
#  - pigz -p 4 both ways: the same bytes as plain.
#  - MariaDB, as its user mysql. mariadb-install-db prints one report, a true one:
#    the 8 buffers of Aria's transaction log, one class, each locked holding the one
#    before it, round a ring (MariaDB's ma_loghandler.c says they "trigger false
#    alarm" in its own deadlock detector, and takes one out of it). The ring is safe
#    only because the holder of the current buffer alone moves on, program state
#    that no lock shows: in lock events, the dining philosophers. The report's own
#    rule line silences it, counted as suppressed in the summary. The server goes
#    round the same ring under a few clients' Aria writes, so it runs with that rule
#    (its summary says the rule was used) while it serves InnoDB and Aria tables.
# Tier: all (real programs: MariaDB, Redis, FFmpeg and pigz to install; about 40 s)
set -eu
out=$(mktemp -d)
chmod 755 "$out"
redis= mariadbd=
trap 'for pid in $redis $mariadbd; do kill "$pid" 2> /dev/null || true; done; rm -rf "$out"' EXIT
failed=0
make -s preload > /dev/null
. tests/real_programs.sh

# Whether the unix socket $1 appears within 30 s.
socket_up() {
	for i in $(seq 300); do
		[ -S "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

if command -v redis-server > /dev/null && command -v redis-benchmark > /dev/null; then
	sock=$out/redis.sock
	./lockdep redis-server --port 0 --unixsocket "$sock" --io-threads 10 \
		--io-threads-do-reads yes --save '' --appendonly no --dir "$out" \
		> "$out/redis.log" 2>&1 &
	redis=$!
	socket_up "$sock" || { echo "redis-server: no socket: $(tail -n 5 "$out/redis.log")"; failed=1; }
	redis-benchmark -s "$sock" -c 50 -n 2000 -q -t set,get,lpush,lpop > "$out/bench" 2>&1 ||
		{ echo "redis-benchmark: $(tail -c 400 "$out/bench")"; failed=1; }
	reads=$(redis-cli -s "$sock" info stats | sed -n 's/^io_threaded_reads_processed:\([0-9]*\).*/\1/p')
	[ "${reads:-0}" -gt 0 ] || { echo "redis-server: its I/O threads read nothing"; failed=1; }
	redis-cli -s "$sock" shutdown nosave > /dev/null 2>&1 || kill "$redis"
	status=0
	wait "$redis" || status=$?
	redis=
	silent "redis-server --io-threads 10" 0 $status "$out/redis.log"
else
	echo "SKIP redis: needs redis-server and redis-tools"
fi

if command -v ffmpeg > /dev/null; then
	source="-nostdin -loglevel error -f lavfi -i testsrc=duration=2:size=640x480:rate=25"
	threads="-threads 4 -thread_type slice+frame"
	encoders="mpeg4"
	ffmpeg -hide_banner -encoders 2> /dev/null | grep -q ' libx264 ' && encoders="$encoders libx264" ||
		echo "SKIP real_programs_busy_silent: needs ffmpeg with libx264 (its runs not done)"
	for encoder in $encoders; do
		options=$threads
		[ $encoder = libx264 ] && options="-preset veryfast -threads 2"
		# shellcheck disable=SC2086 # lists of words
		same_as_plain ffmpeg $source -c:v $encoder $options -f framemd5 -
		# shellcheck disable=SC2086
		ffmpeg $source -c:v $encoder "$out/$encoder.mkv" || failed=1
		# shellcheck disable=SC2086
		same_as_plain ffmpeg -nostdin -loglevel error $threads -i "$out/$encoder.mkv" -f framemd5 -
	done
else
	echo "SKIP ffmpeg: needs ffmpeg"
fi

if command -v pigz > /dev/null; then
	seq 1000000 > "$out/numbers"
	same_as_plain pigz -p 4 -c "$out/numbers"
	pigz -p 4 -c "$out/numbers" > "$out/numbers.gz"
	same_as_plain pigz -p 4 -d -c "$out/numbers.gz"
else
	echo "SKIP pigz: needs pigz"
fi

# mariadb-install-db into a new data directory $1 of the server's user, under
# ./lockdep with the environment settings that follow.
install_db() {
	data=$1
	shift
	mkdir "$data"
	chown mysql "$data"
	status=0
	env "$@" ./lockdep mariadb-install-db --user=mysql --datadir="$data" \
		> "$data.out" 2> "$data.err" || status=$?
}

mariadb_run() {
	# Without rules: the ring of Aria's log buffers, and nothing else.
	install_db "$out/first"
	headline='WARNING: possible circular locking dependency detected'
	if [ $status != 66 ] || [ "$(grep -c '^\(WARNING\|BUG\|INFO\): ' "$out/first.err")" != 1 ] ||
		! grep -qx "$headline" "$out/first.err" ||
		! tail -n 1 "$out/first.err" | grep -q ', 1 report (circular)$'; then
		echo "mariadb-install-db: exit $status, not one report \"$headline\": $(head -c 800 "$out/first.err")"
		failed=1
	fi
	awk '/instance by instance:$/ { on = 1; next }
		on && /^$/ { if (seen) exit; next }
		on && /^ [0-9a-f]+ \(/ { seen = 1; sub(/^ [0-9a-f]+ /, ""); print }' \
		"$out/first.err" > "$out/ring"
	class=$(sort -u "$out/ring")
	name=${class#(}
	sed -n 's/^rule to suppress it: //p' "$out/first.err" > "$out/rules"
	if [ "$(wc -l < "$out/ring")" != 8 ] || [ "$(printf '%s\n' "$class" | wc -l)" != 1 ] ||
		[ "$(cat "$out/rules")" != "suppress circular class=${name%)}" ]; then
		echo "mariadb-install-db: not a ring of 8 locks of one class with its rule: $(cat "$out/ring" "$out/rules")"
		failed=1
	fi

	# That report's own rule: silent, the exit status of a plain run, and counted.
	install_db "$out/data" LIBLOCKDEP_RULES="$out/rules" LIBLOCKDEP_SUMMARY=1
	silent "mariadb-install-db with the rule" 0 $status "$out/data.err"
	grep -qx 'liblockdep: 1 report suppressed by 1 rule' "$out/data.err" ||
		{ echo "mariadb-install-db: the rule suppressed nothing: $(grep ' suppressed by ' "$out/data.err" | sort -u)"; failed=1; }

	# The server on a unix socket, with the rule: a session, then a few clients.
	mkdir "$out/run"
	chown mysql "$out/run"
	sock=$out/run/sock
	LIBLOCKDEP_RULES="$out/rules" LIBLOCKDEP_SUMMARY=1 ./lockdep mariadbd --user=mysql \
		--datadir="$out/data" --socket="$sock" --skip-networking \
		--pid-file="$out/run/pid" --log-error="$out/run/log.err" > "$out/server" 2>&1 &
	mariadbd=$!
	socket_up "$sock" || { echo "mariadbd: no socket: $(tail -n 5 "$out/run/log.err")"; failed=1; }
	mariadb --socket="$sock" -uroot -N -e "
		create database busy; use busy;
		create table i (id int primary key auto_increment, v varchar(50)) engine=InnoDB;
		create table a (id int primary key auto_increment, v varchar(50)) engine=Aria;
		insert into i (v) values ('x'), ('y'), ('z');
		insert into a (v) select v from i;
		insert into i (v) select concat(v, id) from i;
		insert into a (v) select concat(v, id) from a;
		update i set v = concat(v, '!') where id % 2 = 0;
		update a set v = concat(v, '!') where id % 2 = 0;
		select count(*), sum(length(v)) from i;
		select count(*), sum(length(v)) from a;
		select i.v, a.v from i join a using (id) order by id;" > "$out/session" 2>&1 || true
	printf '6\t12\n6\t12\nx\tx\ny!\ty!\nz\tz\nx1!\tx1!\ny2\ty2\nz3!\tz3!\n' > "$out/expected"
	cmp -s "$out/expected" "$out/session" || { echo "mariadb session: $(cat "$out/session")"; failed=1; }
	mariadb-slap --socket="$sock" -uroot --concurrency=4 --iterations=1 \
		--number-of-queries=400 --auto-generate-sql --auto-generate-sql-load-type=mixed \
		--engine=Aria,InnoDB > "$out/slap" 2>&1 ||
		{ echo "mariadb-slap: $(tail -c 400 "$out/slap")"; failed=1; }
	mariadb-admin --socket="$sock" -uroot shutdown || { kill "$mariadbd"; failed=1; }
	status=0
	wait "$mariadbd" || status=$?
	mariadbd=
	silent "mariadbd" 0 $status "$out/server"
	silent "mariadbd (server log)" 0 0 "$out/run/log.err"
	grep -qx 'liblockdep: 1 report suppressed by 1 rule' "$out/run/log.err" ||
		{ echo "mariadbd: the rule suppressed nothing: $(grep ' suppressed by ' "$out/run/log.err")"; failed=1; }
}

# The server refuses root: it runs as the package's user.
if ! command -v mariadbd > /dev/null || ! command -v mariadb-install-db > /dev/null ||
	! command -v mariadb-slap > /dev/null || ! id mysql > /dev/null 2>&1; then
	echo "SKIP mariadb: needs mariadb-server"
elif [ "$(id -u)" -ne 0 ]; then
	echo "SKIP mariadb: needs root, to run the server as another user"
else
	mariadb_run
fi
exit $failed
