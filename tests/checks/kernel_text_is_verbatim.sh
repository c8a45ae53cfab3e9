# Every kernel file in liblockdep.c is byte-identical to kernel-snapshot/ (and the
# snapshot to its MANIFEST): rebuild each file from its Begin/End section, dropping
# the files expanded inside it and our #line directives, and restoring each
# expanded #include line from its marker.
set -eu
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd kernel-snapshot && sed -n 's/^sha256 //p' MANIFEST | sha256sum -c --quiet)
awk -v out="$out" '
/^\/\*+ Begin file / {
	path = $4; depth++; stack[depth] = path
	if (path ~ /^kernel-snapshot\//) {
		gsub("/", "_", path); seen[path]++
		file[depth] = out "/" path "." seen[path]	# a header may be expanded twice
	}
	else file[depth] = ""
	skip_line = 1; next
}
/^\/\*+ End of / { depth--; skip_line = 1; next }
{
	if (!depth || file[depth] == "") next
	if ($0 ~ /^#line [0-9]+ "/) next
	line = $0
	if (line ~ /^\/\* .* -- (expanded below|already included above) \*\/$/) {
		sub(/^\/\* /, "", line); sub(/ -- (expanded below|already included above) \*\/$/, "", line)
	}
	print line > file[depth]
}' liblockdep.c
count=0
while read -r sum path; do
	[ "$sum" = sha256 ] || continue
	case $path in Makefile) continue ;; esac
	for rebuilt in "$out/$(printf 'kernel-snapshot/%s' "$path" | tr / _)".*; do
		if ! cmp -s "kernel-snapshot/$path" "$rebuilt"; then
			echo "kernel text of $path differs in liblockdep.c"
			diff "kernel-snapshot/$path" "$rebuilt" | head -10
			exit 1
		fi
		count=$((count + 1))
	done
done <<MANIFEST
$(sed -n 's/^\(sha256\) \([0-9a-f]*\)  \(.*\)$/\1 \3/p' kernel-snapshot/MANIFEST)
MANIFEST
[ "$count" -ge 10 ] || { echo "only $count kernel files found"; exit 1; }
