# Real programs that make every lock in a function of their own (src/lock_makers.c),
# unmodified, under ./lockdep with the default settings, each three times: silent.
# Each is skipped with one line where it is not installed.
#  - Traffic Server (trafficserver) as a reverse proxy in front of python3's
#    http.server on loopback, 150 requests, stopped by SIGTERM: ink_mutex_init()
#    makes every mutex.
#  - VLC (vlc-bin, vlc-plugin-base) transcoding a file ffmpeg made, cvlc with the
#    dummy interface and without its media library, as a user that is not root:
#    vlc_mutex_init() makes every mutex.
#  - node (nodejs) writing, reading, gzipping 200 files, 64 pbkdf2 and scrypt and a
#    dns.lookup on 4 pool threads: V8's RecursiveMutex constructor.
#  - gdalwarp -multi (gdal-bin) of a 1,500 x 1,500 raster with DEFLATE, then
#    gdal_translate: GDAL's CPLCreateOrAcquireMutexEx() and CPLMutexHolder.
#  - gst-launch-1.0 (gstreamer1.0-tools, -plugins-base, -plugins-good) of videotestsrc
#    through queues, a tee, jpegenc ! queue ! jpegdec, videoscale, videoflip, and an
#    audio branch to wavenc: every pad's stream lock is made by gst_pad_init(), which
#    GObject calls through a pointer (src/lock_creators.c).
#  - gst-launch-1.0 of chains without queues, one streaming thread per source: a video
#    chain with converters, a scaler and a flipper around jpegenc ! jpegdec, and the
#    same beside an audio chain around vorbisenc ! vorbisdec: every converter's pad
#    is made by one call in GstBaseTransform's init, on both sides of each codec's
#    stream lock (judged by instance, src/lock_creators.c).
# Tier: all (real programs: Traffic Server, VLC, Node.js, GDAL and GStreamer to install)
set -eu
out=$(mktemp -d)
chmod 755 "$out"
server=
trap '[ -z "$server" ] || kill "$server" 2> /dev/null; rm -rf "$out"' EXIT
failed=0
make -s preload > /dev/null

. tests/real_programs.sh

# Traffic Server's runroot in $out, its own user owning what it writes.
ts_setup() {
	ts=$out/ts
	mkdir -p "$ts/etc" "$ts/cache" "$ts/run" "$ts/log" "$ts/var" "$out/www"
	cp -r /etc/trafficserver/* "$ts/etc/"
	echo "$ts/cache 64M" > "$ts/etc/storage.config"
	echo "map http://127.0.0.1:38480/ http://127.0.0.1:38481/" > "$ts/etc/remap.config"
	sed -i 's/^CONFIG proxy.config.http.server_ports STRING .*/CONFIG proxy.config.http.server_ports STRING 38480/' \
		"$ts/etc/records.config"
	for dir in prefix:"$ts" exec_prefix:/usr bindir:/usr/bin sbindir:/usr/sbin \
		sysconfdir:"$ts/etc" datadir:"$ts/cache" includedir:/usr/include \
		libdir:/usr/lib/trafficserver libexecdir:/usr/lib/trafficserver/modules \
		localstatedir:"$ts/var" runtimedir:"$ts/run" logdir:"$ts/log" cachedir:"$ts/cache"; do
		echo "${dir%%:*}: ${dir#*:}"
	done > "$ts/runroot.yaml"
	chown -R trafficserver: "$ts/cache" "$ts/run" "$ts/log" "$ts/var"
	for i in $(seq 1 50); do head -c $((i * 1000)) /dev/zero > "$out/www/f$i"; done
}

ts_run() {
	run=$1
	./lockdep traffic_server --run-root="$ts/runroot.yaml" > "$out/ts.out" 2> "$out/ts.err" &
	pid=$!
	for t in $(seq 1 60); do
		curl -s -o /dev/null http://127.0.0.1:38480/f1 && break
		sleep 1
	done
	(for r in 1 2 3; do
		for i in $(seq 1 50); do
			curl -s -o /dev/null -w "%{http_code}\n" "http://127.0.0.1:38480/f$i?r=$r" &
		done
		wait
	done) > "$out/ts.codes"
	kill -TERM $pid
	status=0
	wait $pid || status=$?
	silent "traffic_server (run $run)" 0 $status "$out/ts.err"
	[ "$(grep -c '^200$' "$out/ts.codes")" -eq 150 ] ||
		{ echo "traffic_server (run $run): $(sort "$out/ts.codes" | uniq -c | tr '\n' ' ')"; failed=1; }
}

if command -v traffic_server > /dev/null && id trafficserver > /dev/null 2>&1 &&
   [ "$(id -u)" -eq 0 ]; then
	ts_setup
	(cd "$out/www" && exec python3 -m http.server 38481 --bind 127.0.0.1) > /dev/null 2>&1 &
	server=$!
	for run in 1 2 3; do ts_run $run; done
	kill "$server"
	server=
else
	echo "SKIP traffic_server: needs trafficserver (and root, to run it as its user)"
fi

if command -v cvlc > /dev/null && command -v ffmpeg > /dev/null && command -v setpriv > /dev/null &&
   [ "$(id -u)" -eq 0 ]; then
	ffmpeg -v error -f lavfi -i testsrc=size=320x240:rate=25 -f lavfi -i sine=frequency=440 \
		-t 4 -c:v mpeg4 -c:a mp2 "$out/in.mkv"
	mkdir "$out/vlc"
	chmod 644 "$out/in.mkv"
	chmod 777 "$out/vlc"
	for run in 1 2 3; do
		status=0
		setpriv --reuid=nobody --regid=nogroup --init-groups env HOME="$out/vlc" \
			./lockdep cvlc -I dummy -q --no-media-library "$out/in.mkv" \
			--sout "#transcode{vcodec=mp2v,vb=800,acodec=mpga,ab=128}:std{access=file,mux=ts,dst=$out/vlc/out.ts}" \
			vlc://quit > "$out/vlc.out" 2> "$out/vlc.err" || status=$?
		silent "cvlc transcoding (run $run)" 0 $status "$out/vlc.err"
		[ -s "$out/vlc/out.ts" ] || { echo "cvlc (run $run): no output"; failed=1; }
		rm -f "$out/vlc/out.ts"
	done
else
	echo "SKIP cvlc: needs vlc-bin, vlc-plugin-base and ffmpeg (and root, to run it as nobody)"
fi

if command -v node > /dev/null; then
	cat > "$out/work.js" <<'JS'
const fs = require('fs'), zlib = require('zlib'), crypto = require('crypto');
const dns = require('dns'), path = require('path');
const dir = process.argv[2];
let pending = 1;
function done() { if (--pending === 0) console.log('done'); }
dns.lookup('localhost', () => done());
for (let i = 0; i < 200; i++) {
  pending += 2;
  const f = path.join(dir, 'f' + i);
  fs.writeFile(f, 'x'.repeat(10000 + i), () => fs.readFile(f, (e) => { if (e) throw e; done(); }));
  zlib.gzip(Buffer.alloc(50000, i), (e, z) => zlib.gunzip(z, (e2) => { if (e2) throw e2; done(); }));
}
for (let i = 0; i < 64; i++) {
  pending += 2;
  crypto.pbkdf2('pw' + i, 'salt', 2000, 32, 'sha256', (e) => { if (e) throw e; done(); });
  crypto.scrypt('pw' + i, 'salt', 32, (e) => { if (e) throw e; done(); });
}
JS
	mkdir "$out/node"
	for run in 1 2 3; do
		status=0
		UV_THREADPOOL_SIZE=4 ./lockdep node "$out/work.js" "$out/node" > "$out/node.out" \
			2> "$out/node.err" || status=$?
		silent "node (run $run)" 0 $status "$out/node.err"
		grep -qx done "$out/node.out" || { echo "node: $(cat "$out/node.out")"; failed=1; }
	done
else
	echo "SKIP node: needs nodejs"
fi

if command -v gdalwarp > /dev/null && command -v gdal_create > /dev/null; then
	gdal_create -q -of GTiff -outsize 1500 1500 -bands 1 -burn 7 -a_srs EPSG:4326 \
		-a_ullr 0 10 10 0 "$out/src.tif"
	for run in 1 2 3; do
		status=0
		./lockdep gdalwarp -q -overwrite -multi -wo NUM_THREADS=4 -r bilinear \
			-co COMPRESS=DEFLATE -co NUM_THREADS=4 -t_srs EPSG:3857 "$out/src.tif" \
			"$out/dst.tif" > "$out/gdal" 2>&1 || status=$?
		silent "gdalwarp -multi (run $run)" 0 $status "$out/gdal"
		status=0
		./lockdep gdal_translate -q -co COMPRESS=DEFLATE -co NUM_THREADS=4 "$out/dst.tif" \
			"$out/copy.tif" > "$out/gdal" 2>&1 || status=$?
		silent "gdal_translate (run $run)" 0 $status "$out/gdal"
		rm -f "$out/copy.tif"
	done
else
	echo "SKIP gdalwarp: needs gdal-bin"
fi

if command -v gst-launch-1.0 > /dev/null && gst-inspect-1.0 jpegenc > /dev/null 2>&1 &&
   gst-inspect-1.0 videotestsrc > /dev/null 2>&1; then
	for run in 1 2 3; do
		status=0
		./lockdep gst-launch-1.0 -q videotestsrc num-buffers=300 ! queue ! tee name=t \
			t. ! queue ! jpegenc ! queue ! jpegdec ! videoscale ! \
			video/x-raw,width=160,height=120 ! videoflip method=clockwise ! queue ! fakesink \
			t. ! queue ! fakesink \
			audiotestsrc num-buffers=100 ! queue ! wavenc ! filesink location="$out/a.wav" \
			> "$out/gst.out" 2> "$out/gst.err" || status=$?
		silent "gst-launch-1.0 (run $run)" 0 $status "$out/gst.err"
		[ -s "$out/a.wav" ] || { echo "gst-launch-1.0 (run $run): no output"; failed=1; }
		rm -f "$out/a.wav"
	done
else
	echo "SKIP gst-launch-1.0: needs gstreamer1.0-tools, -plugins-base and -plugins-good"
fi

if command -v gst-launch-1.0 > /dev/null && gst-inspect-1.0 jpegenc > /dev/null 2>&1 &&
   gst-inspect-1.0 vorbisenc > /dev/null 2>&1 && gst-inspect-1.0 videoflip > /dev/null 2>&1; then
	video="videotestsrc num-buffers=300 ! videoconvert ! videoscale ! videoflip method=1 !
		videoconvert ! jpegenc ! jpegdec ! videoconvert ! fakesink"
	audio="audiotestsrc num-buffers=200 ! audioconvert ! audioresample ! vorbisenc !
		vorbisdec ! audioconvert ! wavenc ! filesink location=$out/b.wav"
	for chain in video both; do
		for run in 1 2 3; do
			status=0
			if [ $chain = video ]; then
				./lockdep gst-launch-1.0 -q $video > "$out/gst.out" 2> "$out/gst.err" ||
					status=$?
			else
				./lockdep gst-launch-1.0 -q $video $audio > "$out/gst.out" \
					2> "$out/gst.err" || status=$?
				[ -s "$out/b.wav" ] || { echo "gst-launch-1.0, both chains (run $run): no output"; failed=1; }
				rm -f "$out/b.wav"
			fi
			silent "gst-launch-1.0 without queues, $chain (run $run)" 0 $status "$out/gst.err"
		done
	done
else
	echo "SKIP gst-launch-1.0 without queues: needs gstreamer1.0-tools, -plugins-base and -plugins-good"
fi
exit $failed
