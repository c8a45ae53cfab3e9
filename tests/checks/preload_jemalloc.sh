# The check of preload_locking_allocator.sh with Debian's jemalloc (package
# libjemalloc2), which holds its own mutexes while it locks others.
set -eu
jemalloc=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2
if [ ! -f "$jemalloc" ]; then
	echo "SKIP preload_jemalloc: needs libjemalloc2"
	exit 0
fi
exec sh "$(dirname "$0")/preload_locking_allocator.sh" "$jemalloc"
