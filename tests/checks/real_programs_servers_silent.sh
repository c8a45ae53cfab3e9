# Three more real programs, unmodified, under ./lockdep with the default settings,
# silent, as in real_programs_silent.sh (a check of its own: these are slow). Each
# is skipped with one line where it is not installed.
#  - PostgreSQL (postgresql): initdb as a user that is not root, the server on a
#    unix socket in a temporary directory, pgbench -i, then pgbench -c4 -j4. Its
#    postmaster takes libcrypto's locks before it installs any handler, its handlers
#    take them with every other signal blocked, its backends replace its handlers,
#    and it starts background workers from its handlers.
#  - gdalwarp -multi (gdal-bin) on a small generated raster: GDAL makes and locks a
#    mutex under its master mutex, and all its mutexes in one helper.
#  - node (nodejs) with its libuv thread pool: fs, zlib, crypto.pbkdf2, scrypt.
#    V8 makes all its static mutexes at one site.
# Tier: all (real programs: PostgreSQL, GDAL and Node.js to install)
set -eu
out=$(mktemp -d)
chmod 755 "$out"
trap 'rm -rf "$out"' EXIT
failed=0
make -s preload > /dev/null

. tests/real_programs.sh

postgres_run() {
	bin=$1 user=$2
	data=$out/pg/data sock=$out/pg/sock log=$out/pg/log
	mkdir -p "$out/pg/sock"
	chown -R "$user" "$out/pg"
	as_user() { setpriv --reuid="$user" --regid="$user" --init-groups "$@"; }
	status=0
	as_user ./lockdep "$bin/initdb" -A trust -U pg -D "$data" > "$out/pg/initdb" 2>&1 || status=$?
	silent "initdb" 0 $status "$out/pg/initdb"
	status=0
	as_user ./lockdep "$bin/pg_ctl" -D "$data" -l "$log" -w \
		-o "-k $sock -c listen_addresses=" start > "$out/pg/start" 2>&1 || status=$?
	silent "pg_ctl start" 0 $status "$out/pg/start"
	status=0
	as_user ./lockdep "$bin/pgbench" -h "$sock" -U pg -i postgres > "$out/pg/init" 2>&1 || status=$?
	silent "pgbench -i" 0 $status "$out/pg/init"
	status=0
	as_user ./lockdep "$bin/pgbench" -h "$sock" -U pg -c4 -j4 -T5 postgres \
		> "$out/pg/bench" 2>&1 || status=$?
	silent "pgbench -c4 -j4" 0 $status "$out/pg/bench"
	as_user "$bin/pg_ctl" -D "$data" -m fast -w stop > /dev/null 2>&1 || true
	silent "postgres (server log)" 0 0 "$log"
}

# The server refuses root: initdb runs as the package's user, or nobody.
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -n 1)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/pgbench" ] || ! command -v setpriv > /dev/null; then
	echo "SKIP postgresql: needs postgresql (and setpriv)"
elif [ "$(id -u)" -ne 0 ]; then
	echo "SKIP postgresql: needs root, to run the server as another user"
else
	pg_user=postgres
	id "$pg_user" > /dev/null 2>&1 || pg_user=nobody
	postgres_run "$pg_bin" "$pg_user"
fi

if command -v gdalwarp > /dev/null && command -v gdal_create > /dev/null; then
	gdal_create -q -of GTiff -outsize 512 512 -bands 1 -burn 7 -a_srs EPSG:4326 \
		-a_ullr 0 10 10 0 "$out/src.tif"
	status=0
	./lockdep gdalwarp -q -multi -wo NUM_THREADS=4 -t_srs EPSG:3857 "$out/src.tif" \
		"$out/dst.tif" > "$out/gdal" 2>&1 || status=$?
	silent "gdalwarp -multi" 0 $status "$out/gdal"
else
	echo "SKIP gdalwarp: needs gdal-bin"
fi

if command -v node > /dev/null; then
	cat > "$out/pool.js" <<'JS'
const fs = require('fs'), zlib = require('zlib'), crypto = require('crypto');
const path = require('path');
const dir = process.argv[2];
let pending = 0;
function done() { if (--pending === 0) console.log('done'); }
for (let i = 0; i < 16; i++) {
  pending += 4;
  const f = path.join(dir, 'f' + i);
  fs.writeFile(f, 'x'.repeat(10000 + i), () => fs.readFile(f, (e) => { if (e) throw e; done(); }));
  zlib.gzip(Buffer.alloc(50000, i), (e, z) => zlib.gunzip(z, (e2) => { if (e2) throw e2; done(); }));
  crypto.pbkdf2('pw' + i, 'salt', 2000, 32, 'sha256', (e) => { if (e) throw e; done(); });
  crypto.scrypt('pw' + i, 'salt', 32, (e) => { if (e) throw e; done(); });
}
JS
	mkdir "$out/node"
	for run in 1 2 3; do
		status=0
		./lockdep node "$out/pool.js" "$out/node" > "$out/node.out" 2> "$out/node.err" || status=$?
		silent "node thread pool (run $run)" 0 $status "$out/node.err"
		grep -qx done "$out/node.out" || { echo "node: $(cat "$out/node.out")"; failed=1; }
	done
else
	echo "SKIP node: needs nodejs"
fi
exit $failed
